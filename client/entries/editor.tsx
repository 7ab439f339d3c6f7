// The editor page's entry (the `editor` entry): hydrates the server-rendered editor frame with its state.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { EDITOR_ROOT_ID, EDITOR_STATE_ELEMENT_ID, type EditorView } from '../../shared/editor/protocol.ts';
import { decodeFromScript } from '../../shared/page-context.ts';
import { EditorApp } from '../editor/editor-app.tsx';

const root = document.getElementById(EDITOR_ROOT_ID);
const state = document.getElementById(EDITOR_STATE_ELEMENT_ID);
if (root && state?.textContent) {
  const view = decodeFromScript<EditorView>(state.textContent);
  startTransition(() => {
    hydrateRoot(root, <EditorApp view={view} />);
  });
}
