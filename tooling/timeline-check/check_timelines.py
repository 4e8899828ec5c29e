"""Reads Holdline's timeline exports back with reference tools and prints what they saw.

Usage: check_timelines.py OTIO_FILE FCPXML_FILE [EDL_FILE EDL_RATE]
Prints one JSON object: the timeline as OpenTimelineIO loaded it (clips,
rates, markers, media references' names and metadata), the FCPXML document as
lxml parsed it (DTD verdict and errors, time-attribute errors, the format's size
and name with their errors, the asset's name and source and whether it has
sound, clips and markers in
seconds as exact fractions) and,
given an EDL and its frame rate, the EDL as OpenTimelineIO's cmx_3600 adapter
read it (tracks, clips' names, source and record frames, the markers it kept).
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
PIXELS = re.compile(r"^[1-9][0-9]*$")

# Final Cut Pro's predefined progressive formats, written out here apart from
# core/timelines/fcpxml.ts so the two are checked against each other: frame
# size -> the name's size part; frame duration in seconds -> the name's rate part.
PREDEFINED_SIZES = {(1280, 720): "720p", (1920, 1080): "1080p", (3840, 2160): "3840x2160p", (4096, 2160): "4096x2160p"}
PREDEFINED_RATES = {
    Fraction(1001, 24000): "2398",
    Fraction(1, 24): "24",
    Fraction(1, 25): "25",
    Fraction(1001, 30000): "2997",
    Fraction(1, 30): "30",
    Fraction(1, 50): "50",
    Fraction(1001, 60000): "5994",
    Fraction(1, 60): "60",
}


def otio_summary(path: str) -> dict[str, object]:
    timeline = otio.adapters.read_from_file(path)
    # The picture's clips; the sound track repeats them (compared apart, as "audio_clips").
    clips = [clip for track in timeline.video_tracks() for clip in track.find_clips()]
    audio_clips = [clip for track in timeline.audio_tracks() for clip in track.find_clips()]
    markers = list(timeline.tracks.markers)
    rates = sorted({clip.source_range.start_time.rate for clip in clips} | {clip.source_range.duration.rate for clip in clips} | {m.marked_range.start_time.rate for m in markers})
    return {
        "schema": timeline.schema_name(),
        "name": timeline.name,
        "video_tracks": len(timeline.video_tracks()),
        "audio_tracks": len(timeline.audio_tracks()),
        "clips": [[clip.source_range.start_time.value, clip.source_range.duration.value] for clip in clips],
        "audio_clips": [[clip.source_range.start_time.value, clip.source_range.duration.value] for clip in audio_clips],
        "media_urls": sorted({getattr(clip.media_reference, "target_url", None) or clip.media_reference.schema_name() for clip in clips}),
        # The media references' names, picture and sound (the name an editor relinks by).
        "media_names": sorted({clip.media_reference.name for clip in clips + audio_clips}),
        # Distinct metadata of the clips' media references, as OpenTimelineIO serialises it back.
        "media_metadata": [json.loads(text) for text in sorted({otio.core.serialize_json_to_string(clip.media_reference.metadata, 0) for clip in clips})],
        "rates": rates,
        "duration_frames": timeline.duration().value,
        "markers": [
            {"name": m.name, "color": m.color, "comment": m.comment, "start": m.marked_range.start_time.value, "duration": m.marked_range.duration.value}
            for m in markers
        ],
    }


def edl_summary(path: str, rate: float) -> dict[str, object]:
    """The EDL as the cmx_3600 adapter (otio-cmx3600-adapter) reads it at `rate`."""
    with open(path, encoding="ascii") as handle:
        timeline = otio.adapters.read_from_string(handle.read(), "cmx_3600", rate=rate)

    def clips(tracks: list) -> list[dict[str, object]]:
        return [
            {
                "name": clip.name,
                "source": [clip.source_range.start_time.value, clip.source_range.duration.value],
                "record": clip.range_in_parent().start_time.value,
                "media_name": clip.media_reference.name if clip.media_reference else None,
                "markers": [
                    {"name": m.name, "color": m.color, "frame": m.marked_range.start_time.value} for m in clip.markers
                ],
            }
            for track in tracks
            for clip in track.find_clips()
        ]

    return {
        "name": timeline.name,
        "video_tracks": len(timeline.video_tracks()),
        "audio_tracks": len(timeline.audio_tracks()),
        "video": clips(timeline.video_tracks()),
        "audio": clips(timeline.audio_tracks()),
    }


def seconds(value: str) -> list[int]:
    fraction = Fraction(value[:-1])
    return [fraction.numerator, fraction.denominator]


def format_summary(element: etree._Element) -> dict[str, object]:
    """The format's size and name as written, and what is wrong with them: a
    size that is not whole pixels, half a size, or a name that is not the
    predefined one for this size and rate (a size and rate with no predefined
    format must have no name)."""
    width, height, name = element.get("width"), element.get("height"), element.get("name")
    errors = []
    if (width is None) != (height is None):
        errors.append(f"width={width} height={height}: one without the other")
    for attribute, value in (("width", width), ("height", height)):
        if value is not None and not PIXELS.match(value):
            errors.append(f"{attribute}={value} is not a whole number of pixels")
    if not errors and width is not None and height is not None:
        size = PREDEFINED_SIZES.get((int(width), int(height)))
        rate = PREDEFINED_RATES.get(Fraction(element.get("frameDuration", "0s")[:-1]))
        expected = f"FFVideoFormat{size}{rate}" if size and rate else None
        if name != expected:
            errors.append(f"name={name} but a {width}x{height} format at {element.get('frameDuration')} is {expected}")
    elif name is not None and width is None:
        errors.append(f"name={name} without a size")
    return {
        "width": None if width is None else int(width) if PIXELS.match(width) else width,
        "height": None if height is None else int(height) if PIXELS.match(height) else height,
        "name": name,
        "errors": errors,
    }


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
        "format": format_summary(root.find("resources/format")),
        "tc_format": root.find(".//sequence").get("tcFormat"),
        "sequence_duration": seconds(root.find(".//sequence").get("duration")),
        "asset": {"name": root.find("resources/asset").get("name"), "src": root.find("resources/asset/media-rep").get("src")},
        # Whether the asset, and so every asset-clip of it, brings its sound (the DTD subset requires the attribute, 0 or 1).
        "has_audio": root.find("resources/asset").get("hasAudio") == "1",
        "clips": [
            {"offset": seconds(clip.get("offset")), "start": seconds(clip.get("start")), "duration": seconds(clip.get("duration")), "markers": [m.get("value") for m in clip.findall("marker")]}
            for clip in root.iter("asset-clip")
        ],
        "notes": [m.get("note") for m in root.iter("marker")],
    }


def main() -> None:
    otio_path, fcpxml_path = sys.argv[1:3]
    seen = {"otio": otio_summary(otio_path), "fcpxml": fcpxml_summary(fcpxml_path)}
    if len(sys.argv) > 4:
        seen["edl"] = edl_summary(sys.argv[3], float(sys.argv[4]))
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
