// Block type 18, menu: a restaurant's menus, each with sections of dishes, descriptions and prices.
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK, MOBILE_MAX } from '../parts/styles.ts';

const schema = z.object({
  menus: z
    .array(
      z.object({
        title: text(200),
        sections: z.array(
          z.object({
            title: text(200),
            items: z.array(z.object({ title: text(200), description: text(1000).optional(), price: text(40).optional() })),
          }),
        ),
      }),
    )
    .min(1),
});
type MenuData = z.output<typeof schema>;

function MenuBlock({ data }: BlockProps<MenuData>) {
  const single = data.menus.length === 1;
  return (
    <div className="cb-menu">
      {data.menus.map((menu, m) => (
        <section className="cb-menu-menu" key={`${menu.title}-${m}`}>
          {menu.title && (
            <h2 className={single ? 'cb-heading cb-menu-title' : 'cb-heading cb-menu-title cb-menu-title-multi'}>{menu.title}</h2>
          )}
          {menu.sections.map((section, s) => (
            <section className="cb-menu-section" key={`${section.title}-${s}`}>
              {section.title && <h3 className="cb-menu-section-title">{section.title}</h3>}
              <ul className="cb-menu-items">
                {section.items.map((item, i) => (
                  <li className="cb-menu-item" key={`${item.title}-${i}`}>
                    <p className="cb-menu-line">
                      <span className="cb-menu-name">{item.title}</span>
                      {item.price && (
                        <>
                          <span className="cb-menu-leader" aria-hidden="true" />
                          <span className="cb-menu-price">{item.price}</span>
                        </>
                      )}
                    </p>
                    {item.description && <p className="cb-menu-desc">{item.description}</p>}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

const styles = `
${IN_BLOCK} .cb-menu{display:grid;gap:2.75rem}
${IN_BLOCK} .cb-menu-title{text-align:center;font-size:1.7rem;letter-spacing:.02em;margin-bottom:1.5rem}
${IN_BLOCK} .cb-menu-title::after{content:"";display:block;width:3rem;height:2px;background:var(--accent);margin:.7rem auto 0}
${IN_BLOCK} .cb-menu-section+.cb-menu-section{margin-top:2rem}
${IN_BLOCK} .cb-menu-section-title{text-align:center;margin:0 0 1.1rem;font:700 .82rem/1.3 var(--body-font);letter-spacing:.16em;text-transform:uppercase;color:var(--accent)}
${IN_BLOCK} .cb-menu-items{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,300px),1fr));gap:1.1rem 2.75rem}
${IN_BLOCK} .cb-menu-line{display:flex;align-items:baseline;gap:.6rem;margin:0;font-weight:600}
${IN_BLOCK} .cb-menu-name{min-width:0}
${IN_BLOCK} .cb-menu-leader{flex:1 1 1.5rem;min-width:1.5rem;border-bottom:1px dotted color-mix(in srgb,var(--text) 40%,var(--bg));transform:translateY(-.3em)}
${IN_BLOCK} .cb-menu-price{flex:none;white-space:nowrap;font-variant-numeric:tabular-nums;color:var(--accent)}
${IN_BLOCK} .cb-menu-desc{margin:.2rem 0 0;color:var(--muted);font-size:.92rem;line-height:1.5}
@media (max-width:${MOBILE_MAX}px){
${IN_BLOCK} .cb-menu-items{gap:1rem}
}
`;

export default defineBlock({ code: 18, name: 'menu', schema, Component: MenuBlock, styles });
