// The album block's player brought to life, a plain island started as the block nears the viewport: pressing play
// puts the browser's player in the play link's place, playing the current track; a track's title plays that track
// (a modified click still opens its file); a track that ends is followed by the next. The current track is marked
// (is-current, aria-current) as the player moves.

export function mount(element: Element): void {
  const block = element.closest('.album-block');
  const start = element.querySelector<HTMLAnchorElement>('.player-start');
  if (!block || !start) return;
  const tracks = [...block.querySelectorAll<HTMLElement>('.album-track')];
  let current = Math.max(
    0,
    tracks.findIndex((t) => t.classList.contains('is-current')),
  );
  let player: HTMLAudioElement | undefined;
  const play = (index: number, focus: boolean) => {
    const track = tracks[index];
    const url = track?.dataset.trackUrl;
    if (!url) return;
    current = index;
    for (const t of tracks) {
      t.classList.toggle('is-current', t === track);
      t.querySelector('a')?.toggleAttribute('aria-current', t === track);
    }
    if (!player) {
      player = Object.assign(document.createElement('audio'), { className: 'album-player', controls: true });
      player.addEventListener('ended', () => play(current + 1, false));
      start.replaceWith(player);
    }
    player.src = url;
    // a browser that refuses to start it shows its own play button
    player.play().catch(() => undefined);
    if (focus) player.focus();
  };
  const plain = (event: MouseEvent) => !(event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
  start.addEventListener('click', (event) => {
    event.preventDefault();
    play(current, true);
  });
  for (const [index, track] of tracks.entries()) {
    track.querySelector('a')?.addEventListener('click', (event) => {
      if (!plain(event)) return;
      event.preventDefault();
      play(index, false);
    });
  }
}
