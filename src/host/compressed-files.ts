// The built renderer's files, read once and kept with their gzip and brotli forms, so the host answers each
// request from memory in the encoding the browser asked for. The files are hashed build output that does not
// change while the host runs. The build writes each text file's compressed forms beside it (`app.js.br`,
// `app.js.gz`, scripts/precompress.ts): compressing at the first request put brotli and gzip of the whole
// lock-screen script between the browser's first request and its answer, on the start-up's critical path.
// Without those files (or with ones older than the file) the host compresses on the first request (on
// libuv's thread pool, off the event loop), and every later request reuses it.
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** text formats worth compressing; images and fonts are compressed already */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map', '.txt']);
/** below this, the encoding header costs more than it saves */
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface FileForms {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The best encoding the Accept-Encoding header allows among those we have: brotli, then gzip, else none.
 * `q=0` refuses an encoding; `*` stands for any not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: Encoding[]): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    // a weight we cannot read refuses the encoding rather than choosing it
    const weight = q === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q.slice(2)) : 0;
    weights.set(name.trim(), weight);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weightOf(encoding);
    if (available.includes(encoding) && weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(extname(file));
}

/** Whether a file of this name and size gets compressed forms: at build time and by the host alike. */
export const worthCompressing = (file: string, bytes: number): boolean =>
  isCompressible(file) && bytes >= MIN_BYTES;

export class CompressedFiles {
  private readonly cache = new Map<string, Promise<FileForms>>();

  /** The file's bytes and (for text formats) their compressed forms; rejects when it cannot be read. */
  get(file: string): Promise<FileForms> {
    let forms = this.cache.get(file);
    if (!forms) {
      forms = this.load(file);
      this.cache.set(file, forms);
      // a missing file is not remembered: it may be built later
      forms.catch(() => this.cache.delete(file));
    }
    return forms;
  }

  private async load(file: string): Promise<FileForms> {
    const identity = await readFile(file);
    if (!worthCompressing(file, identity.length)) return { identity };
    return (await builtForms(file, identity)) ?? { identity, ...(await compressedForms(identity, 9)) };
  }
}

/** Where the build writes a file's compressed form. */
export const precompressedPath = (file: string, encoding: 'br' | 'gzip'): string =>
  `${file}.${encoding === 'br' ? 'br' : 'gz'}`;

/**
 * A file's brotli and gzip forms: at quality 11 when the build writes them once, 9 when the host compresses at
 * a first request (within a few percent of 11 at a fraction of the time).
 */
export async function compressedForms(
  identity: Buffer,
  quality: 9 | 11,
): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** The forms the build wrote beside the file, if both are there and not older than the file itself. */
async function builtForms(file: string, identity: Buffer): Promise<FileForms | null> {
  try {
    const [self, brFile, gzFile] = await Promise.all(
      [file, precompressedPath(file, 'br'), precompressedPath(file, 'gzip')].map((f) => stat(f)),
    );
    if (brFile!.mtimeMs < self!.mtimeMs || gzFile!.mtimeMs < self!.mtimeMs) return null;
    const [br, gz] = await Promise.all([
      readFile(precompressedPath(file, 'br')),
      readFile(precompressedPath(file, 'gzip')),
    ]);
    return { identity, br, gzip: gz };
  } catch {
    return null;
  }
}
