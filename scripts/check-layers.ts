// `npm test`'s layer check: every code file under src is classified (CLASSES in .dependency-cruiser.mjs) and
// every import goes a way the rules allow. dependency-cruiser runs through its API, because its command line
// refuses to start on Node 20, which the project supports.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, relative, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { CLASSES, ELECTRON } from '../.dependency-cruiser.mjs';
import { docIsCurrent } from './layer-table';

const CONFIG = fileURLToPath(new URL('../.dependency-cruiser.mjs', import.meta.url));
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

export interface LayerViolation {
  rule: string;
  from: string;
  to: string;
  /** for an import no rule allows: the classes of its two ends ('package', 'node', 'electron' outside src) */
  classes?: string;
}

/** The class of a module as dependency-cruiser names it: a file under src, a package, or node:*. */
function classOf(module: string): string {
  if (new RegExp(ELECTRON).test(module)) return 'electron';
  const found = CLASSES.find((c) => new RegExp(c.path).test(module));
  if (found) return found.name;
  if (module.startsWith('src/')) return 'unclassified';
  if (/^(node:)?[a-z_]+(\/[a-z_]+)?$/.test(module) && !module.includes('node_modules')) return 'node';
  return module.includes('node_modules') ? 'package' : module;
}

/** The code files under `root` (relative to `baseDir`, with forward slashes) that no class takes. */
function unclassified(root: string, baseDir: string): string[] {
  const files = readdirSync(join(baseDir, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => relative(baseDir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  return files.filter((file) => !CLASSES.some((c) => new RegExp(c.path).test(file))).sort();
}

/**
 * What a devnet file counts as when folders are compared: the state (any folder's state.ts and the plain
 * modules at the root, the devnet-bottom class: every folder may read it), the wiring (the rest of the root),
 * or its folder. Null outside the devnet.
 */
function devnetUnit(file: string): string | null {
  if (!file.startsWith('src/devnet/')) return null;
  if (CLASSES.some((c) => c.name === 'devnet-bottom' && new RegExp(c.path).test(file))) return 'state';
  const parts = file.slice('src/devnet/'.length).split('/');
  return parts.length === 1 ? 'wiring' : parts[0]!;
}

/**
 * Two devnet folders that import each other through imports the rules allow (an import they refuse is
 * reported as such already): one import each way, as an example of each direction.
 */
function twoWayDevnetFolders(result: ICruiseResult): LayerViolation[] {
  const refused = new Set(result.summary.violations.map((v) => `${v.from}>${v.to}`));
  const first = new Map<string, { from: string; to: string }>();
  for (const module of result.modules) {
    const a = devnetUnit(module.source);
    if (a === null) continue;
    for (const dependency of module.dependencies) {
      const b = devnetUnit(dependency.resolved);
      if (b === null || b === a || first.has(`${a}>${b}`)) continue;
      if (refused.has(`${module.source}>${dependency.resolved}`)) continue;
      first.set(`${a}>${b}`, { from: module.source, to: dependency.resolved });
    }
  }
  return [...first.keys()]
    .map((key) => key.split('>') as [string, string])
    .filter(([a, b]) => a < b && first.has(`${b}>${a}`))
    .flatMap(([a, b]) => [first.get(`${a}>${b}`)!, first.get(`${b}>${a}`)!])
    .map((edge) => ({ rule: 'devnet-folders-two-way', ...edge }));
}

/** Every import under `roots` (relative to `baseDir`) that the rules of .dependency-cruiser.mjs do not allow. */
export async function findLayerViolations(
  roots: string[],
  baseDir = process.cwd(),
): Promise<LayerViolation[]> {
  const { forbidden, allowed, allowedSeverity, options } = await extractDepcruiseConfig(CONFIG);
  const { output } = await cruise(roots, {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden, allowed, allowedSeverity },
    outputType: 'json',
  });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return [
    ...roots.flatMap((root) =>
      unclassified(root, baseDir).map((from) => ({ rule: 'unclassified', from, to: '' })),
    ),
    ...result.summary.violations.map((v) =>
      v.rule.name === 'not-in-allowed'
        ? { rule: v.rule.name, from: v.from, to: v.to, classes: `${classOf(v.from)} -> ${classOf(v.to)}` }
        : { rule: v.rule.name, from: v.from, to: v.to },
    ),
    ...twoWayDevnetFolders(result),
  ];
}

const WHY: Record<string, string> = {
  unclassified:
    'Every code file under src is in one class of .dependency-cruiser.mjs (CLASSES): add its folder to the class it belongs to.',
  'not-in-allowed':
    'No rule in .dependency-cruiser.mjs (ALLOWED) lets a file of this class import that one: move the code to the layer both may use.',
  'devnet-folders-two-way':
    "Two devnet folders import each other (each folder's state.ts is state, which any folder may read): move what both need into the lower one, or pass it in.",
};

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const violations = await findLayerViolations(['src']);
  if (!docIsCurrent()) {
    console.error(
      'docs/architecture.md does not show the classes and allowed imports of .dependency-cruiser.mjs: run npx tsx scripts/layer-table.ts --write',
    );
    process.exit(1);
  }
  if (violations.length === 0) {
    console.log(`layers: every file in src is classified and every import goes an allowed way`);
  } else {
    const { forbidden = [] } = await extractDepcruiseConfig(CONFIG);
    for (const v of violations)
      console.error(`${v.rule}: ${v.from}${v.to ? ` -> ${v.to}` : ''}${v.classes ? ` (${v.classes})` : ''}`);
    for (const name of new Set(violations.map((v) => v.rule)))
      console.error(`\n${name}: ${WHY[name] ?? forbidden.find((r) => r.name === name)?.comment ?? ''}`);
    console.error(
      `\n${violations.length} file(s) or import(s) break the layer rules in .dependency-cruiser.mjs`,
    );
    process.exit(1);
  }
}
