import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import declared from './dependencies.json' with { type: 'json' };

/**
 * The module map: which module may use which (docs/architecture.md says why). A module's code
 * (its tests aside: they may use any module to make rows) imports exactly the modules it
 * declares, and the map has no circle, so the modules stand in layers.
 */
const modulesDir = import.meta.dirname;
const serverSrc = path.resolve(modulesDir, '..');

const moduleNames = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function codeFilesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFilesOf(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The module a specifier of `file` lands in, if it lands in one. */
function moduleOf(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('#app/')
    ? path.join(serverSrc, specifier.slice('#app/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(file), specifier)
      : undefined;
  if (target === undefined) return undefined;
  const [top, name] = path.relative(serverSrc, target).split(path.sep);
  return top === 'modules' && name !== undefined && moduleNames.includes(name) ? name : undefined;
}

/** Every other module a module's code imports (type-only and dynamic imports too). */
function actualDependencies(name: string): string[] {
  const used = new Set<string>();
  for (const file of codeFilesOf(path.join(modulesDir, name))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const other = moduleOf(file, fileName);
      if (other !== undefined && other !== name) used.add(other);
    }
  }
  return [...used].sort();
}

const map: Record<string, string[]> = declared;

describe('modules/dependencies.json', () => {
  it('names every module, and only those', () => {
    expect(Object.keys(map).sort()).toEqual(moduleNames);
  });

  it.each(moduleNames)('has a public surface for %s, its index.ts', (name) => {
    expect(readdirSync(path.join(modulesDir, name))).toContain('index.ts');
  });

  it.each(moduleNames)('matches what %s imports', (name) => {
    // A new import of another module goes into the map (and the map's why into
    // docs/architecture.md); a dependency that is gone leaves it.
    expect(actualDependencies(name)).toEqual([...(map[name] ?? [])].sort());
  });

  it('has no circle', () => {
    const done = new Set<string>();
    const trail: string[] = [];
    const visit = (name: string) => {
      if (done.has(name)) return;
      expect(trail, `a circle: ${[...trail, name].join(' → ')}`).not.toContain(name);
      trail.push(name);
      for (const used of map[name] ?? []) visit(used);
      trail.pop();
      done.add(name);
    };
    for (const name of moduleNames) visit(name);
  });
});
