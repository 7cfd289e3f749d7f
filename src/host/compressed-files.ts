// The built renderer's files, read once and kept with their gzip and brotli forms, so the host answers each
// request from memory in the encoding the browser asked for. The files are hashed build output that does not
// change while the host runs; compression happens on the first request for a file (on libuv's thread pool,
// off the event loop) and every later request reuses it.
import { readFile } from 'node:fs/promises';
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
    if (!isCompressible(file) || identity.length < MIN_BYTES) return { identity };
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          // quality 9 compresses within a few percent of 11 at a fraction of the time, on the first request
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]);
    return { identity, br, gzip: gz };
  }
}
