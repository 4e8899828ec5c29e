// Wire schemas of the account archive (issue 22 item 7): `GET /v1/account/export`.
import { Type, type Static } from 'typebox';

export const AccountExportQuery = Type.Object(
  {
    media: Type.Optional(
      Type.Union([Type.Literal('0'), Type.Literal('1')], {
        description: "`1` adds each scan's stored video to the archive; left out or `0`: reads and manifest only.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type AccountExportQuery = Static<typeof AccountExportQuery>;

/** One file of the archive, as the manifest lists it. */
export const ArchiveFile = Type.Object({
  name: Type.String({ description: 'Its path in the archive.' }),
  size: Type.Integer({ description: 'Bytes.' }),
  sha256: Type.String({ description: 'Hex SHA-256 of its bytes.' }),
});
export type ArchiveFile = Static<typeof ArchiveFile>;

/** One scan in the manifest. */
export const ArchiveScan = Type.Object({
  scan_id: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  created_at: Type.String({ description: 'ISO 8601.' }),
  published: Type.Boolean(),
  files: Type.Array(ArchiveFile),
  media_left_out: Type.Optional(Type.String({ description: 'Why the video is not in the archive though `media=1` asked for it.' })),
});
export type ArchiveScan = Static<typeof ArchiveScan>;

/** `manifest.json`, the archive's last entry (so it can give the videos' SHA-256, computed while they streamed). */
export const ArchiveManifest = Type.Object({
  format: Type.Literal('holdline-account-export'),
  version: Type.Literal(1),
  account_id: Type.String(),
  exported_at: Type.String(),
  media: Type.Boolean({ description: 'Whether videos were asked for.' }),
  scans: Type.Array(ArchiveScan),
});
export type ArchiveManifest = Static<typeof ArchiveManifest>;
