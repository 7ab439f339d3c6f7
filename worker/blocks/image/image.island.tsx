// The image block's lightbox (§2 Image block, §4 Lightbox): a click on the image opens it over the page, with the
// block's title and its optional description, in the block's light or dark theme. Hydrated on the first interaction.
import { useState, type MouseEvent } from 'react';
import { Lightbox } from '../../../client/ui/lightbox.tsx';
import { ImageView, type ImageBlockProps } from './image.view.tsx';

export default function ImageIsland(props: ImageBlockProps) {
  const [open, setOpen] = useState(false);
  const onOpenLightbox = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <ImageView {...props} onOpenLightbox={onOpenLightbox} />
      {open && (
        <Lightbox
          items={[{ image: props.image, title: props.title, description: props.description }]}
          start={0}
          theme={props.lightboxTheme}
          label={props.title || props.image.alt || 'Image'}
          onClose={() => setOpen(false)}
          hash={props.lightboxHash}
        />
      )}
    </>
  );
}
