import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RULES, type AccessRule } from '../src/access';
import type { CallDef } from '../src/calls/define';
import { EXPORT_LIST_CALL } from '../src/calls/list';
import { LIST_TOTALS_CALL } from '../src/calls/list-totals';
import { describeFields, type FieldDescription } from '../src/describe-schema';

/**
 * `npm run docs:calls` writes docs/call-reference.md from the contract: every back-office
 * call with its access rule, request fields and response fields. `--check` (run by `npm run
 * check`) fails when the file is not what the contract says today, so the reference can't lag.
 */
const callsDir = path.resolve(import.meta.dirname, '../src/calls');
const target = path.resolve(import.meta.dirname, '../../../docs/call-reference.md');

const isCallDef = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CallDef).name === 'string' &&
  'request' in value &&
  'response' in value &&
  'rule' in value;

/** The named rule a call uses, in words: "payin (signed in; module payin)". */
function ruleText(rule: AccessRule): string {
  const name = Object.entries(RULES).find(([, r]) => r === rule)?.[0] ?? 'unnamed';
  const words: string[] = [rule.audience === 'user' ? 'signed in' : rule.audience];
  if (rule.accountTypes) words.push(rule.accountTypes.join(' or '));
  if (rule.anyModule) words.push(`module ${rule.anyModule.join(' or ')}`);
  return `\`${name}\` (${words.join('; ')})`;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

function fieldTable(fields: FieldDescription[], withRequired: boolean): string[] {
  if (!fields.length) return ['(none)'];
  const head = withRequired
    ? ['| field | type | required |', '| --- | --- | --- |']
    : ['| field | type |', '| --- | --- |'];
  return [
    ...head,
    ...fields.map((f) =>
      withRequired
        ? `| \`${f.name}\` | ${cell(f.type)} | ${f.required ? 'yes' : 'no'} |`
        : `| \`${f.name}\` | ${cell(f.type)}${f.required ? '' : ' (may be absent)'} |`,
    ),
  ];
}

/** The reference as markdown, areas in file order and calls in their files' order. */
export async function renderCallReference(): Promise<string> {
  const lines = [
    '# Back-office call reference',
    '',
    '<!-- Generated from packages/contract by `npm run docs:calls`; `npm run check` fails when it is stale. Do not edit. -->',
    '',
    'Every call is `POST /controller/admin/<name>` with `accessToken` and `accessUsername` besides the',
    'fields below (conventions: [api-conventions.md](api-conventions.md)). Responses are',
    '`{ status, message, data }`; the tables describe `data`.',
    `List calls also serve \`${EXPORT_LIST_CALL}\` (CSV/XLSX of every matching row) and, when their rows carry money,`,
    `\`${LIST_TOTALS_CALL}\` (count and sums per currency of every matching row), both taking the list call's own fields besides \`call\`; see api-conventions.md.`,
  ];
  const files = readdirSync(callsDir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .sort();
  let count = 0;
  for (const file of files) {
    const mod = (await import(path.join(callsDir, file))) as Record<string, unknown>;
    const calls = Object.values(mod).filter(isCallDef);
    if (!calls.length) continue;
    lines.push('', `## ${file.replace(/\.ts$/, '')}`);
    for (const call of calls) {
      count++;
      lines.push(
        '',
        `### \`${call.name}\``,
        '',
        `Rule: ${ruleText(call.rule)}.`,
        '',
        'Request:',
        '',
      );
      lines.push(...fieldTable(describeFields(call.request), true), '', 'Response `data`:', '');
      lines.push(...fieldTable(describeFields(call.response), false));
    }
  }
  lines.splice(9, 0, '', `${count} calls.`);
  return `${lines.join('\n')}\n`;
}

const text = await renderCallReference();
if (process.argv.includes('--check')) {
  const current = (() => {
    try {
      return readFileSync(target, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== text) {
    console.error('docs/call-reference.md is not current: run `npm run docs:calls` and commit it.');
    process.exit(1);
  }
  console.log('docs/call-reference.md is current.');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
