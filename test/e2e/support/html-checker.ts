// The Nu HTML checker (vnu-jar, on the machine's Java) over saved HTML files, in one JVM run for the whole batch.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { javaPath } from '../../../scripts/tools.ts';

const require = createRequire(import.meta.url);
/** vnu-jar's main module exports the path of its jar (as a String object) */
const VNU_JAR = String(require('vnu-jar'));

export interface HtmlMessage {
  type: string;
  subType?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/** One line per message, to read in a failing test. */
export function formatMessage(m: HtmlMessage): string {
  return `${m.lastLine ?? '?'}:${m.firstColumn ?? '?'} ${m.message}${m.extract ? `  «${m.extract.replace(/\s+/g, ' ').trim()}»` : ''}`;
}

/** Runs `vnu --errors-only --format json` over the files; the errors of each file, keyed by its path. */
export function checkHtmlFiles(files: string[], { timeoutMs = 120_000 } = {}): Promise<Map<string, HtmlMessage[]>> {
  return new Promise((resolve, reject) => {
    const child = spawn(javaPath() ?? 'java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`could not run java for the Nu HTML checker (is a JRE installed?): ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // the JSON report goes to stderr; the exit status is 1 when any file has an error
      let report: { messages?: (HtmlMessage & { url?: string })[] };
      try {
        report = JSON.parse(err || out);
      } catch {
        reject(new Error(`the Nu HTML checker exited (${code ?? signal}) without a JSON report:\n${err}\n${out}`));
        return;
      }
      const byFile = new Map<string, HtmlMessage[]>(files.map((f) => [f, []]));
      const byUrl = new Map(files.map((f) => [pathToFileURL(f).href, f]));
      for (const m of report.messages ?? []) {
        const file = m.url ? (byUrl.get(m.url) ?? byUrl.get(m.url.replace(/^file:\//, 'file:///'))) : undefined;
        if (!file) {
          reject(new Error(`the Nu HTML checker reported on no known file: ${JSON.stringify(m)}`));
          return;
        }
        byFile.get(file)!.push(m);
      }
      resolve(byFile);
    });
  });
}
