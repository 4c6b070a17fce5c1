// An image's file name as spec 3 allows it: no spaces, no leading symbol, no period before the extension, no runs of
// symbols, and the extension of an image format the platform keeps. A bad name is refused (422 naming it), never
// rewritten: the merchant sees the name they gave or an error (docs/decisions.md).

export const MAX_FILENAME_LENGTH = 255;
export const IMAGE_EXTENSIONS = ['png', 'gif', 'jpg', 'jpeg'] as const;
/** More symbols than this in a row is a "long run of symbols". */
const MAX_SYMBOL_RUN = 2;

/** Why `name` cannot name an image file, or null when it can. */
export function filenameProblem(name: string): string | null {
  if (name.length === 0) return "can't be blank";
  if (name.length > MAX_FILENAME_LENGTH) return `is too long (maximum is ${MAX_FILENAME_LENGTH} characters)`;
  if (/\s/.test(name)) return "can't contain spaces";
  // Control characters, path separators and anything a URL or a file system would read otherwise.
  if (/[\u0000-\u001f\u007f/\\?#%*:|"<>]/.test(name)) return 'contains a character a file name cannot have';
  if (!/^[\p{L}\p{N}]/u.test(name)) return "can't start with a symbol";
  const dot = name.lastIndexOf('.');
  if (dot < 0) return `must end in ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;
  const base = name.slice(0, dot);
  const extension = name.slice(dot + 1).toLowerCase();
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return `must end in ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;
  if (base.includes('.')) return "can't have a period before the extension";
  if (new RegExp(`[^\\p{L}\\p{N}]{${MAX_SYMBOL_RUN + 1},}`, 'u').test(base)) return "can't have a run of symbols";
  return null;
}
