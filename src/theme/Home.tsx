import type { PageProps } from './props.js'
import { Slot } from './Slot.js'
import type { SlotHtml, SlotName } from '../shared/theme-slots.js'

/**
 * Home layout: hero (title, tagline, image with a dark variant, actions), features, page content and footer. The
 * theme's slots `homeHero` and `footer` take the places of the hero and of the front matter's footer.
 */
export function Home({ page, bodyHtml, slots }: { page: PageProps; bodyHtml: string; slots?: Partial<Record<SlotName, SlotHtml>> }) {
  const hero = page.hero
  return (
    <main className="home" id="main-content" tabIndex={-1} data-route-focus="">
      {slots?.homeHero ? (
        <Slot name="homeHero" slot={slots.homeHero} />
      ) : (
        hero && (
          <header className="hero">
            {hero.image && (
              <img
                className={hero.imageDark ? 'hero-image hero-image-light' : 'hero-image'}
                src={hero.image}
                alt={hero.alt}
                height={hero.height}
              />
            )}
            {hero.imageDark && <img className="hero-image hero-image-dark" src={hero.imageDark} alt={hero.alt} height={hero.height} />}
            {hero.text !== null && <h1 id="main-title">{hero.text}</h1>}
            {hero.tagline !== null && <p className="description">{hero.tagline}</p>}
            {hero.actions.length > 0 && (
              <p className="actions">
                {hero.actions.map((action) => (
                  <a key={action.link} className={`action-button ${action.type}`} href={action.link}>
                    {action.text}
                  </a>
                ))}
              </p>
            )}
          </header>
        )
      )}
      {page.features.length > 0 && (
        <div className="features">
          {page.features.map((feature) => (
            <div key={feature.title} className="feature">
              <h2>{feature.href ? <a href={feature.href}>{feature.title}</a> : feature.title}</h2>
              <p>{feature.details}</p>
            </div>
          ))}
        </div>
      )}
      <div className="theme-default-content" data-content dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      {slots?.footer ? (
        <div className="footer">
          <Slot name="footer" slot={slots.footer} />
        </div>
      ) : (
        page.footer &&
        (page.footer.html ? (
          <div className="footer" dangerouslySetInnerHTML={{ __html: page.footer.text }} />
        ) : (
          <div className="footer">{page.footer.text}</div>
        ))
      )}
    </main>
  )
}
