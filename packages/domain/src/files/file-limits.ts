// Upload limits where the specs are silent (decision 015): one size limit and one type allow-list, checked by
// the API before anything is signed and again on the object that arrived, and by the browser before it asks.

/** The largest file a client, or an operator, may upload: 50 MB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** docs/product/files.md "Upload stall timeout 40 s": an upload whose progress stops this long is aborted. */
export const UPLOAD_STALL_MS = 40_000;

/** How long a presigned POST stays valid. */
export const UPLOAD_POLICY_SECONDS = 15 * 60;

/** How long a signed download address stays valid. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** Files one attach (or one presign batch on the page) may carry. */
export const MAX_FILES_PER_ATTACH = 20;

/**
 * The allow-list: documents, PDFs, images, presentations, spreadsheets and archives, by extension, each with
 * the MIME types browsers report for it (the first is the one used when a browser reports none). Never
 * executables or scripts, and no HTML or SVG (they run scripts when opened in a browser).
 */
const ALLOWED_TYPES: Record<string, readonly string[]> = {
  // documents
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  odt: ['application/vnd.oasis.opendocument.text'],
  rtf: ['application/rtf', 'text/rtf'],
  txt: ['text/plain'],
  md: ['text/markdown', 'text/plain'],
  pages: ['application/vnd.apple.pages', 'application/x-iwork-pages-sffpages'],
  // spreadsheets
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  csv: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
  numbers: ['application/vnd.apple.numbers', 'application/x-iwork-numbers-sffnumbers'],
  // presentations
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  key: ['application/vnd.apple.keynote', 'application/x-iwork-keynote-sffkey'],
  // images
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  heic: ['image/heic'],
  heif: ['image/heif'],
  bmp: ['image/bmp'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  // archives
  zip: ['application/zip', 'application/x-zip-compressed'],
  rar: ['application/vnd.rar', 'application/x-rar-compressed'],
  '7z': ['application/x-7z-compressed'],
  tar: ['application/x-tar'],
  gz: ['application/gzip', 'application/x-gzip'],
};

// A Map, so a name like 'x.constructor' finds nothing instead of an Object method.
const ALLOWED = new Map(Object.entries(ALLOWED_TYPES));

const ALLOWED_EXTENSIONS = [...ALLOWED.keys()];

/** The value of an `<input type="file" accept>` that offers only allowed files. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

export const FILE_TOO_LARGE_TEXT = 'This file is too large: files up to 50 MB can be attached';
export const FILE_TYPE_REFUSED_TEXT =
  'This type of file cannot be attached: send documents, PDFs, images, presentations, spreadsheets or archives';
export const FILE_EMPTY_TEXT = 'This file is empty';

function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The MIME type to send for a file: the browser's if it reported one, else the allow-list's for its name. */
export function contentTypeFor(name: string, reported: string): string {
  const type = reported.trim().toLowerCase();
  if (type !== '' && type !== 'application/octet-stream') return type;
  return ALLOWED.get(fileExtension(name))?.[0] ?? (type || 'application/octet-stream');
}

/** Why a file may not be uploaded, or null. `type` is its MIME type. */
export function fileRefusal(file: { name: string; size: number; type: string }): string | null {
  const types = ALLOWED.get(fileExtension(file.name));
  if (!types?.includes(file.type.toLowerCase())) return FILE_TYPE_REFUSED_TEXT;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE_TEXT;
  if (file.size <= 0) return FILE_EMPTY_TEXT;
  return null;
}
