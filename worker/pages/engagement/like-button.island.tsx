// The like button of an item page (§2 likes, §3 engagement event Like): a like is this browser's (remembered in
// local storage, so a visitor's like survives a reload and counts once) and is recorded as the Like event.
import { useEffect, useState } from 'react';
import { recordEvent } from '../../../client/lib/analytics.ts';
import { PRODUCT_KEY } from '../../../shared/site-runtime.ts';
import { LikeView, type LikeProps } from './engagement.view.tsx';

const LIKED_KEY = `${PRODUCT_KEY}_liked_items`;

function likedItems(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(LIKED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export default function LikeIsland(props: LikeProps) {
  const [ready, setReady] = useState(false);
  const [liked, setLiked] = useState(false);
  useEffect(() => {
    setLiked(likedItems().includes(props.itemId));
    setReady(true);
  }, [props.itemId]);

  const onToggle = () => {
    const next = !liked;
    setLiked(next);
    const others = likedItems().filter((id) => id !== props.itemId);
    try {
      localStorage.setItem(LIKED_KEY, JSON.stringify(next ? [...others, props.itemId].slice(-500) : others));
    } catch {
      // no storage: the like lasts as long as the page
    }
    if (next) recordEvent('Like', { itemId: props.itemId });
  };
  return <LikeView {...props} live={{ ready, liked, onToggle }} />;
}
