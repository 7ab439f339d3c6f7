// The menu block: a restaurant's menus, each with sections of dishes, descriptions and prices.
import type { BlockProps } from '../types.ts';

export function MenuBlock({ data }: BlockProps<'menu'>) {
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
