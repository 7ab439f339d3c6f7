// Image zoom on the product page (§2): a thumbnail shows its image as the main one; the main image is magnified 2x
// under a mouse or pen, following it; a click (or a tap) opens the images in the lightbox (§4).
import { useState, type MouseEvent, type PointerEvent } from 'react';
import { Lightbox } from '../../../client/ui/lightbox.tsx';
import { ProductGalleryView, type ProductGalleryProps } from './product-gallery.view.tsx';

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export default function ProductGalleryIsland(props: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ProductGalleryView
        {...props}
        live={{
          index,
          zoom,
          onSelect: (i, event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            setIndex(i);
            setZoom(null);
          },
          onOpen: (event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            setZoom(null);
            setOpen(true);
          },
          onPointerMove: (event: PointerEvent<HTMLAnchorElement>) => {
            if (event.pointerType === 'touch') return;
            const box = event.currentTarget.getBoundingClientRect();
            const x = Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100));
            const y = Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100));
            setZoom({ x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 });
          },
          onPointerLeave: () => setZoom(null),
        }}
      />
      {open && (
        <Lightbox
          items={props.images.map((image) => ({ image, title: props.title }))}
          start={index}
          theme="light"
          label={`Images of ${props.title}`}
          onIndexChange={setIndex}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
