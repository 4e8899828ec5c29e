"""Reads Holdline's timeline exports back with reference tools and prints what they saw.

Usage: check_timelines.py OTIO_FILE FCPXML_FILE
Prints one JSON object: the timeline as OpenTimelineIO loaded it (clips,
rates, markers) and the FCPXML document as lxml parsed it (DTD verdict and
errors, time-attribute errors, clips and markers in seconds as exact fractions).
Run by test/integration/scans/export.test.ts with the environment from
scripts/install-timeline-check.sh.
"""
from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import opentimelineio as otio
from lxml import etree

DTD_PATH = Path(__file__).with_name("fcpxml-1.9-subset.dtd")
TIME = re.compile(r"^(0|[1-9][0-9]*)(/[1-9][0-9]*)?s$")


def otio_summary(path: str) -> dict[str, object]:
    timeline = otio.adapters.read_from_file(path)
    tracks = list(timeline.tracks)
    clips = [clip for track in tracks for clip in track.find_clips()]
    markers = list(timeline.tracks.markers)
    rates = sorted({clip.source_range.start_time.rate for clip in clips} | {clip.source_range.duration.rate for clip in clips} | {m.marked_range.start_time.rate for m in markers})
    return {
        "schema": timeline.schema_name(),
        "name": timeline.name,
        "video_tracks": len(timeline.video_tracks()),
        "clips": [[clip.source_range.start_time.value, clip.source_range.duration.value] for clip in clips],
        "media_urls": sorted({getattr(clip.media_reference, "target_url", None) or clip.media_reference.schema_name() for clip in clips}),
        "rates": rates,
        "duration_frames": timeline.duration().value,
        "markers": [
            {"name": m.name, "color": m.color, "comment": m.comment, "start": m.marked_range.start_time.value, "duration": m.marked_range.duration.value}
            for m in markers
        ],
    }


def seconds(value: str) -> list[int]:
    fraction = Fraction(value[:-1])
    return [fraction.numerator, fraction.denominator]


def fcpxml_summary(path: str) -> dict[str, object]:
    document = etree.parse(path)
    dtd = etree.DTD(str(DTD_PATH))
    valid = dtd.validate(document)
    time_errors = []
    for element in document.iter():
        for attribute in ("start", "duration", "offset", "frameDuration", "tcStart"):
            value = element.get(attribute)
            if value is not None and not TIME.match(value):
                time_errors.append(f"{element.tag}@{attribute}={value}")
    root = document.getroot()
    return {
        "version": root.get("version"),
        "dtd_valid": valid,
        "dtd_errors": [str(error) for error in dtd.error_log],
        "time_errors": time_errors,
        "frame_duration": seconds(root.find("resources/format").get("frameDuration")),
        "tc_format": root.find(".//sequence").get("tcFormat"),
        "sequence_duration": seconds(root.find(".//sequence").get("duration")),
        "clips": [
            {"offset": seconds(clip.get("offset")), "start": seconds(clip.get("start")), "duration": seconds(clip.get("duration")), "markers": [m.get("value") for m in clip.findall("marker")]}
            for clip in root.iter("asset-clip")
        ],
        "notes": [m.get("note") for m in root.iter("marker")],
    }


def main() -> None:
    otio_path, fcpxml_path = sys.argv[1:3]
    print(json.dumps({"otio": otio_summary(otio_path), "fcpxml": fcpxml_summary(fcpxml_path)}))


if __name__ == "__main__":
    main()
