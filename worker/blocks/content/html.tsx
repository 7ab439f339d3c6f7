// The owner-authored content blocks: raw HTML, code (shown or injected) and Markdown.
import { marked } from 'marked';
import { OwnerHtml } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';

export function HtmlBlock({ data }: BlockProps<'html'>) {
  return <OwnerHtml html={data.html} className="cb-owner-html" />;
}

const LANGUAGE_LABELS = { html: 'HTML', javascript: 'JavaScript', css: 'CSS', plain: 'Text' } as const;

function Source({ code, language }: { code: string; language: keyof typeof LANGUAGE_LABELS }) {
  return (
    // Focusable so that keyboard users can scroll long lines sideways.
    <pre className="cb-code" data-language={LANGUAGE_LABELS[language]} tabIndex={0}>
      <code className={`language-${language}`}>{code}</code>
    </pre>
  );
}

export function CodeBlock({ data, block }: BlockProps<'code'>) {
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

// Block data objects live as long as their parsed snapshot, so each Markdown text is converted once per version.
const markdownHtml = new WeakMap<BlockProps<'markdown'>['data'], string>();

export function MarkdownBlock({ data }: BlockProps<'markdown'>) {
  let html = markdownHtml.get(data);
  if (html === undefined) {
    html = marked.parse(data.markdown, { async: false, gfm: true });
    markdownHtml.set(data, html);
  }
  return <OwnerHtml html={html} className="cb-owner-html cb-markdown" />;
}
