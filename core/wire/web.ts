// The website's wire shapes: publishing and the library (`/api/…`, in the
// OpenAPI document) and the bodies and queries of its pages and scripts (left
// out of the document).

import { Type, type Static } from 'typebox';
import { MAX_OFFSET, PageOf } from './common';

export const PublishBody = Type.Object({ title: Type.Optional(Type.String({ maxLength: 200 })) }, { title: 'PublishRequest', additionalProperties: false });
export type PublishBody = Static<typeof PublishBody>;

export const Published = Type.Object(
  {
    scan_id: Type.String({ description: "The scan's id: `scn_` and 24 hex digits." }),
    title: Type.String({ description: 'The title it is listed under.' }),
    published_at: Type.String({ description: 'When it was published (ISO 8601).' }),
    url: Type.String({ description: 'Its public page.' }),
  },
  { title: 'Published', description: 'A scan now in the public library.' },
);
export type Published = Static<typeof Published>;

export const UnpublishBody = Type.Unsafe<Record<string, never>>({ title: 'UnpublishRequest', type: 'object', additionalProperties: false });

export const Unpublished = Type.Object(
  {
    scan_id: Type.String({ description: "The scan's id: `scn_` and 24 hex digits." }),
    published: Type.Unsafe<false>({ type: 'boolean', enum: [false], description: 'false: the scan is out of the library.' }),
  },
  { title: 'Unpublished', description: 'The scan is out of the library.', additionalProperties: false },
);
export type Unpublished = Static<typeof Unpublished>;

/** One row of the public library (published scans are complete, so every figure is there). */
export const LibraryRow = Type.Object(
  {
    scan_id: Type.String({ description: "The scan's id: `scn_` and 24 hex digits." }),
    title: Type.String({ description: 'The title it is listed under.' }),
    published_at: Type.String({ description: 'When it was published (ISO 8601).' }),
    score: Type.Integer({ description: 'The score, 0 to 100.' }),
    grade: Type.String({ description: 'The letter grade.' }),
    label: Type.String({ description: "The grade's letter in a word." }),
    duration_sec: Type.Number({ description: "The video's length, seconds." }),
    url: Type.String({ description: 'Its public page.' }),
  },
  { title: 'LibraryEntry', description: 'One published scan.' },
);
export type LibraryRow = Static<typeof LibraryRow>;

export const LibraryBody = PageOf(LibraryRow, { title: 'Library', description: 'One page of the public library, newest first.' });
export type LibraryBody = Static<typeof LibraryBody>;

/** Rows a website list page shows. */
export const WEB_PAGE_SIZE = 20;

/** `?page=` of the website's lists; pages stop where the API's offset does (MAX_OFFSET). */
export const WebPageQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_OFFSET / WEB_PAGE_SIZE + 1 })) });

/** An HTML form post: every field a string (web/scope.ts parses `application/x-www-form-urlencoded`). */
export const FormBody = Type.Record(Type.String(), Type.String());
export type FormBody = Static<typeof FormBody>;

/** `POST /scans/url` from the scans page's script. */
export const WebUrlBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 4096 }), title: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);
export type WebUrlBody = Static<typeof WebUrlBody>;

export const AssetParams = Type.Object({ name: Type.String({ maxLength: 32 }) });
