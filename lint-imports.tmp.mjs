import { ESLint } from 'eslint';
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ['no-restricted-imports','import-x/no-restricted-paths','import-x/no-cycle'].includes(ruleId) });
const results = await eslint.lintFiles([process.argv[2] ?? 'apps/server/src']);
let n=0; for (const r of results) for (const m of r.messages) { n++; console.log(r.filePath.replace(process.cwd()+'/',''), m.line, m.ruleId, m.message); }
console.log('messages:', n, 'files:', results.length);
