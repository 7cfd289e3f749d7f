// `npm test`'s layer check: runs dependency-cruiser's rules (.dependency-cruiser.mjs) over src through its API,
// because dependency-cruiser's command line refuses to start on Node 20, which the project supports.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';

const CONFIG = fileURLToPath(new URL('../.dependency-cruiser.mjs', import.meta.url));

export interface LayerViolation {
  rule: string;
  from: string;
  to: string;
}

/** Every import under `roots` (relative to `baseDir`) that breaks a rule of .dependency-cruiser.mjs. */
export async function findLayerViolations(
  roots: string[],
  baseDir = process.cwd(),
): Promise<LayerViolation[]> {
  const { forbidden, options } = await extractDepcruiseConfig(CONFIG);
  const { output } = await cruise(roots, {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden },
    outputType: 'json',
  });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const violations = await findLayerViolations(['src']);
  if (violations.length === 0) {
    console.log('layers: every import in src goes an allowed way');
  } else {
    const { forbidden = [] } = await extractDepcruiseConfig(CONFIG);
    for (const v of violations) console.error(`${v.rule}: ${v.from} -> ${v.to}`);
    for (const name of new Set(violations.map((v) => v.rule)))
      console.error(`\n${name}: ${forbidden.find((r) => r.name === name)?.comment ?? ''}`);
    console.error(`\n${violations.length} import(s) break the layer rules in .dependency-cruiser.mjs`);
    process.exit(1);
  }
}
