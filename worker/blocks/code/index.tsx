// Block type 23, code: the owner's HTML or CSS placed on the page, or any code shown as source.
import * as z from 'zod';
import { OwnerHtml } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({
  code: text(100_000),
  language: z.enum(['html', 'javascript', 'css', 'plain']).default('html'),
  displaySource: z.boolean().default(false),
});
type CodeData = z.output<typeof schema>;

const LANGUAGE_LABELS = { html: 'HTML', javascript: 'JavaScript', css: 'CSS', plain: 'Text' } as const;

function Source({ code, language }: { code: string; language: keyof typeof LANGUAGE_LABELS }) {
  return (
    // Focusable so that keyboard users can scroll long lines sideways.
    <pre className="cb-code" data-language={LANGUAGE_LABELS[language]} tabIndex={0}>
      <code className={`language-${language}`}>{code}</code>
    </pre>
  );
}

function CodeBlock({ data, block }: BlockProps<CodeData>) {
  const { code, language, displaySource } = data;
  if (displaySource || language === 'plain') return <Source code={code} language={language} />;
  switch (language) {
    case 'html':
      return <OwnerHtml html={code} className="cb-owner-html" />;
    case 'css':
      // React 19 hoists a <style> with href and precedence into <head> (and dedupes it by href), where a style
      // element is valid; '</style' inside the owner's CSS is escaped so it cannot end the element early.
      return (
        <style href={`code-block-${block.id}`} precedence="owner-code">
          {code.replace(/<\/style/gi, '<\\/style')}
        </style>
      );
    case 'javascript':
      // The page's Content-Security-Policy runs only the runtime's own nonce-carrying scripts, so an owner's script
      // would be blocked anyway; it is shown as source rather than shipped as a script that silently never runs.
      return <Source code={code} language={language} />;
  }
}

const styles = `
${IN_BLOCK} .cb-code{margin:0}
${IN_BLOCK} .cb-code::before{content:attr(data-language);display:block;margin-bottom:.6rem;font:700 .7rem/1 var(--body-font);letter-spacing:.12em;text-transform:uppercase;opacity:.75}
`;

export default defineBlock({
  code: 23,
  name: 'code',
  schema,
  Component: CodeBlock,
  styles,
  // a block that only displays its source runs nothing
  ownerCode: (data) => !data.displaySource,
});
