// The product and cover illustrations of the fixture sites, drawn as SVG in one flat style (rasterised by build-fixture-media.mjs).
// Every drawing is 1500 × 1000 (3:2, like the photographs), an object on a soft coloured ground with a pale disc behind it.

const W = 1500;
const H = 1000;

const C = {
  ink: '#2d3436',
  rust: '#c4572c',
  rustDark: '#9b3f1c',
  rustLight: '#dd7a4f',
  forest: '#3f6e55',
  forestDark: '#2c5240',
  forestLight: '#5f8f73',
  navy: '#2f4b68',
  navyDark: '#223850',
  slate: '#6b7b86',
  steel: '#c9d1d6',
  steelDark: '#9aa6ad',
  cream: '#fbf7ef',
  sand: '#e8d9bd',
  kraft: '#c9a071',
  kraftDark: '#a97f52',
  mustard: '#e2a93b',
  mustardDark: '#bf8a24',
  cork: '#b98a5a',
  berry: '#7d3b5c',
  wool: '#c8b99f',
  moss: '#6f7d3c',
  grit: '#7b7f7a',
  gritDark: '#5d615c',
  gritLight: '#9a9e98',
  mossDark: '#535e2b',
  white: '#ffffff',
};

/** The soft ground every object stands on: a flat colour, a paler disc, a faint shadow under the object. */
function ground(bg, disc, { shadow = true, shadowY = 840, shadowW = 360 } = {}) {
  return `<rect width="${W}" height="${H}" fill="${bg}"/>
  <circle cx="750" cy="500" r="400" fill="${disc}"/>
  ${shadow ? `<ellipse cx="750" cy="${shadowY}" rx="${shadowW}" ry="34" fill="#000" opacity="0.09"/>` : ''}`;
}

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="DejaVu Sans, Liberation Sans, sans-serif">${body}</svg>`;

/** The shop's mark: two peaks in a circle, used on the mug, the gift card and the coffee label. */
function mark(x, y, r, colour, background) {
  return `<g transform="translate(${x} ${y})">
    <circle r="${r}" fill="${colour}"/>
    <path d="M ${-r * 0.62} ${r * 0.35} L ${-r * 0.18} ${-r * 0.38} L ${r * 0.06} ${-r * 0.02} L ${r * 0.24} ${-r * 0.24} L ${r * 0.62} ${r * 0.35} Z" fill="${background}"/>
  </g>`;
}

/** The cover art of "Wild Camping in the Peak": a tent under stars on a dusk hillside. */
function wildCampingCover(x, y, w, h) {
  const s = w / 400;
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <rect width="400" height="${h / s}" fill="#27425e"/>
    <circle cx="300" cy="120" r="34" fill="#f4e3b5"/>
    <g fill="#f4e3b5">
      <circle cx="60" cy="70" r="4"/><circle cx="140" cy="40" r="3"/><circle cx="210" cy="95" r="3"/><circle cx="90" cy="150" r="3"/><circle cx="360" cy="60" r="3"/>
    </g>
    <path d="M 0 330 Q 120 250 230 300 Q 320 340 400 280 L 400 ${h / s} L 0 ${h / s} Z" fill="#3f6e55"/>
    <path d="M 0 390 Q 160 330 400 380 L 400 ${h / s} L 0 ${h / s} Z" fill="#2c5240"/>
    <path d="M 150 400 L 215 310 L 280 400 Z" fill="#e2a93b"/>
    <path d="M 215 310 L 232 400 L 198 400 Z" fill="#9b3f1c"/>
    <text x="200" y="${h / s - 120}" text-anchor="middle" fill="#fbf7ef" font-size="40" font-weight="bold">WILD CAMPING</text>
    <text x="200" y="${h / s - 78}" text-anchor="middle" fill="#fbf7ef" font-size="30">IN THE PEAK</text>
    <text x="200" y="${h / s - 30}" text-anchor="middle" fill="#e8d9bd" font-size="20" letter-spacing="3">HANA SATO</text>
  </g>`;
}

export const drawings = {
  'edale-waterproof-jacket': svg(`${ground('#e7eef0', '#f6f9f9')}
    <path d="M 652 292 L 560 322 Q 478 350 458 450 L 418 760 L 500 776 L 540 520 L 548 808 Q 750 838 952 808 L 960 520 L 1000 776 L 1082 760 L 1042 450 Q 1022 350 940 322 L 848 292 Z" fill="${C.moss}"/>
    <path d="M 458 450 L 418 760 L 500 776 L 540 520 Z M 1042 450 L 1082 760 L 1000 776 L 960 520 Z" fill="${C.mossDark}" opacity="0.55"/>
    <path d="M 418 760 L 500 776 L 496 806 L 414 790 Z M 1082 760 L 1000 776 L 1004 806 L 1086 790 Z" fill="${C.mossDark}"/>
    <path d="M 548 790 Q 750 820 952 790 L 952 808 Q 750 838 548 808 Z" fill="${C.mossDark}"/>
    <path d="M 646 300 Q 630 176 750 168 Q 870 176 854 300 Q 750 336 646 300 Z" fill="${C.moss}"/>
    <path d="M 684 296 Q 680 220 750 212 Q 820 220 816 296 Q 750 318 684 296 Z" fill="${C.mossDark}"/>
    <path d="M 750 318 L 750 826" stroke="${C.ink}" stroke-width="7"/>
    <rect x="738" y="330" width="24" height="44" rx="6" fill="${C.ink}"/>
    <path d="M 802 430 L 902 414 M 698 430 L 598 414" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M 598 600 L 690 600 M 810 600 L 902 600" stroke="${C.mossDark}" stroke-width="6" stroke-linecap="round"/>
    <path d="M 652 292 Q 750 340 848 292" stroke="${C.mossDark}" stroke-width="5" fill="none"/>`),

  'stanage-merino-base-layer': svg(`${ground('#ebe6dc', '#f8f5ee')}
    <path d="M 660 250 L 566 282 Q 494 306 478 400 L 440 770 L 512 782 L 556 470 L 560 800 Q 750 826 940 800 L 944 470 L 988 782 L 1060 770 L 1022 400 Q 1006 306 934 282 L 840 250 Q 750 300 660 250 Z" fill="${C.forest}"/>
    <path d="M 478 400 L 440 770 L 512 782 L 556 470 Z M 1022 400 L 1060 770 L 988 782 L 944 470 Z" fill="${C.forestDark}" opacity="0.6"/>
    <path d="M 440 770 L 512 782 L 508 814 L 436 802 Z M 1060 770 L 988 782 L 992 814 L 1064 802 Z" fill="${C.forestDark}"/>
    <path d="M 560 784 Q 750 810 940 784 L 940 800 Q 750 826 560 800 Z" fill="${C.forestDark}"/>
    <path d="M 660 250 Q 750 300 840 250 Q 750 272 660 250 Z" fill="${C.forestDark}"/>
    <path d="M 648 256 Q 750 318 852 256" stroke="${C.forestLight}" stroke-width="10" fill="none"/>
    <g stroke="${C.forestLight}" stroke-width="4" stroke-dasharray="10 9" fill="none">
      <path d="M 566 290 Q 600 380 560 470"/><path d="M 934 290 Q 900 380 944 470"/>
      <path d="M 560 480 L 560 780"/><path d="M 940 480 L 940 780"/>
    </g>
    <rect x="886" y="720" width="34" height="22" rx="4" fill="${C.sand}"/>`),

  'kinder-30-litre-daypack': svg(`${ground('#e9ece3', '#f7f8f2')}
    <path d="M 560 330 Q 520 330 520 380 L 540 760 Q 546 800 590 800" stroke="${C.navyDark}" stroke-width="34" fill="none" stroke-linecap="round"/>
    <path d="M 940 330 Q 980 330 980 380 L 960 760 Q 954 800 910 800" stroke="${C.navyDark}" stroke-width="34" fill="none" stroke-linecap="round"/>
    <path d="M 590 250 Q 590 200 650 196 L 850 196 Q 910 200 910 250 L 930 790 Q 930 830 890 830 L 610 830 Q 570 830 570 790 Z" fill="${C.navy}"/>
    <path d="M 586 300 Q 588 190 750 186 Q 912 190 914 300 Q 750 330 586 300 Z" fill="${C.navyDark}"/>
    <path d="M 720 186 Q 750 150 780 186" stroke="${C.ink}" stroke-width="10" fill="none"/>
    <path d="M 600 330 Q 750 352 900 330" stroke="${C.ink}" stroke-width="5" fill="none"/>
    <circle cx="900" cy="336" r="9" fill="${C.mustard}"/>
    <rect x="630" y="520" width="240" height="250" rx="40" fill="${C.navyDark}"/>
    <path d="M 640 560 L 860 560" stroke="${C.ink}" stroke-width="5"/>
    <rect x="846" y="552" width="12" height="32" rx="4" fill="${C.mustard}"/>
    ${mark(750, 430, 34, C.mustard, C.navy)}
    <path d="M 680 380 L 680 520 M 820 380 L 820 520" stroke="${C.navyDark}" stroke-width="14"/>
    <rect x="668" y="470" width="24" height="18" fill="${C.ink}"/><rect x="808" y="470" width="24" height="18" fill="${C.ink}"/>`),

  'trailhead-enamel-mug': svg(`${ground('#efe6dd', '#fbf6f0', { shadowY: 790, shadowW: 260 })}
    <path d="M 880 470 Q 1010 460 1010 570 Q 1010 680 876 680" stroke="#f2f2ee" stroke-width="46" fill="none"/>
    <path d="M 880 470 Q 1010 460 1010 570 Q 1010 680 876 680" stroke="${C.navy}" stroke-width="8" fill="none" opacity="0.35"/>
    <path d="M 580 380 L 600 740 Q 604 790 660 790 L 820 790 Q 876 790 880 740 L 900 380 Z" fill="#f4f3ef"/>
    <path d="M 820 380 L 900 380 L 880 740 Q 876 790 820 790 Z" fill="#e4e3dc"/>
    <ellipse cx="740" cy="380" rx="160" ry="34" fill="${C.navy}"/>
    <ellipse cx="740" cy="382" rx="140" ry="24" fill="#5a3a26"/>
    <path d="M 600 740 Q 604 790 660 790 L 820 790 Q 876 790 880 740" stroke="${C.navy}" stroke-width="12" fill="none"/>
    ${mark(730, 560, 62, C.rust, '#f4f3ef')}
    <g stroke="#c9c3b8" stroke-width="10" fill="none" stroke-linecap="round">
      <path d="M 690 320 Q 670 280 695 250 Q 720 220 700 180"/><path d="M 780 320 Q 760 280 785 250 Q 810 220 790 180"/>
    </g>`),

  'ridgeline-walking-poles': svg(`${ground('#e6ebe6', '#f5f8f4', { shadowW: 300 })}
    <g transform="rotate(-9 750 840)">
      <rect x="668" y="230" width="16" height="590" fill="${C.steelDark}"/>
      <rect x="669" y="230" width="6" height="590" fill="${C.steel}"/>
      <rect x="664" y="470" width="24" height="16" fill="${C.ink}"/>
      <rect x="650" y="120" width="52" height="150" rx="22" fill="${C.cork}"/>
      <rect x="652" y="250" width="48" height="60" rx="10" fill="${C.ink}"/>
      <path d="M 660 140 Q 600 200 640 260" stroke="${C.rust}" stroke-width="12" fill="none"/>
      <ellipse cx="676" cy="770" rx="44" ry="12" fill="${C.ink}"/>
      <path d="M 670 820 L 676 850 L 682 820 Z" fill="${C.ink}"/>
    </g>
    <g transform="rotate(9 750 840)">
      <rect x="816" y="230" width="16" height="590" fill="${C.steelDark}"/>
      <rect x="817" y="230" width="6" height="590" fill="${C.steel}"/>
      <rect x="812" y="470" width="24" height="16" fill="${C.ink}"/>
      <rect x="798" y="120" width="52" height="150" rx="22" fill="${C.cork}"/>
      <rect x="800" y="250" width="48" height="60" rx="10" fill="${C.ink}"/>
      <path d="M 840 140 Q 900 200 860 260" stroke="${C.rust}" stroke-width="12" fill="none"/>
      <ellipse cx="824" cy="770" rx="44" ry="12" fill="${C.ink}"/>
      <path d="M 818 820 L 824 850 L 830 820 Z" fill="${C.ink}"/>
    </g>`),

  'derwent-wool-walking-socks': svg(`${ground('#ece6ea', '#f9f5f7', { shadowW: 380 })}
    <g transform="translate(120 -10)">
      <path d="M 640 200 L 800 200 L 800 600 Q 800 640 840 660 L 960 720 Q 1010 750 990 800 Q 972 840 910 830 L 700 790 Q 640 778 640 720 Z" fill="#8a9aa6"/>
      <path d="M 640 200 L 800 200 L 800 290 L 640 290 Z" fill="${C.slate}"/>
      <path d="M 900 690 L 960 720 Q 1010 750 990 800 Q 972 840 910 830 L 880 824 Z" fill="${C.slate}"/>
    </g>
    <path d="M 520 200 L 680 200 L 680 600 Q 680 640 720 660 L 840 720 Q 890 750 870 800 Q 852 840 790 830 L 580 790 Q 520 778 520 720 Z" fill="${C.wool}"/>
    <path d="M 520 200 L 680 200 L 680 300 L 520 300 Z" fill="#a8967a"/>
    <path d="M 520 236 L 680 236 M 520 268 L 680 268" stroke="${C.rust}" stroke-width="12"/>
    <path d="M 780 690 L 840 720 Q 890 750 870 800 Q 852 840 790 830 L 760 824 Z" fill="#a8967a"/>
    <path d="M 520 690 Q 560 760 640 730 L 600 792 L 580 790 Q 520 778 520 720 Z" fill="#a8967a"/>
    <g stroke="#b5a589" stroke-width="3" opacity="0.8">
      <path d="M 545 320 L 545 700 M 575 320 L 575 720 M 605 320 L 605 720 M 635 320 L 635 720 M 665 320 L 665 690"/>
    </g>`),

  'millstone-insulated-flask': svg(`${ground('#e4ebe9', '#f4f8f7', { shadowW: 200 })}
    <rect x="650" y="290" width="200" height="550" rx="40" fill="${C.grit}"/>
    <rect x="800" y="300" width="40" height="530" rx="20" fill="${C.gritDark}" opacity="0.6"/>
    <rect x="672" y="320" width="22" height="480" rx="11" fill="${C.gritLight}" opacity="0.7"/>
    <rect x="664" y="250" width="172" height="60" rx="8" fill="${C.steelDark}"/>
    <rect x="656" y="140" width="188" height="120" rx="26" fill="${C.ink}"/>
    <rect x="656" y="236" width="188" height="20" fill="#1f2527"/>
    <rect x="676" y="160" width="16" height="70" rx="8" fill="#4a5558"/>
    <rect x="690" y="760" width="120" height="34" rx="8" fill="${C.gritDark}"/>
    <text x="750" y="560" text-anchor="middle" fill="${C.cream}" font-size="34" font-weight="bold" letter-spacing="4" transform="rotate(-90 750 560)">MILLSTONE</text>`),

  'brew-room-house-blend-coffee': svg(`${ground('#efe7dc', '#fbf6ee', { shadowW: 320 })}
    <path d="M 600 240 L 900 240 L 930 820 L 570 820 Z" fill="${C.kraft}"/>
    <path d="M 860 240 L 900 240 L 930 820 L 880 820 Z" fill="${C.kraftDark}" opacity="0.6"/>
    <path d="M 600 240 L 620 170 L 880 170 L 900 240 Z" fill="${C.kraftDark}"/>
    <rect x="590" y="200" width="320" height="20" rx="6" fill="${C.ink}"/>
    <rect x="630" y="400" width="240" height="280" rx="12" fill="${C.cream}"/>
    ${mark(750, 470, 40, C.rust, C.cream)}
    <text x="750" y="560" text-anchor="middle" fill="${C.ink}" font-size="32" font-weight="bold">BREW ROOM</text>
    <text x="750" y="600" text-anchor="middle" fill="${C.ink}" font-size="24">HOUSE BLEND</text>
    <text x="750" y="648" text-anchor="middle" fill="${C.rustDark}" font-size="22">250 g · whole bean</text>
    <g fill="#5a3a26">
      ${[
        [470, 800, -20],
        [520, 830, 30],
        [1000, 810, 10],
        [1050, 790, -35],
        [1030, 840, 60],
        [440, 840, 80],
      ]
        .map(
          ([x, y, r]) =>
            `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="26" ry="18"/><path d="M -22 0 Q 0 -6 22 0" stroke="#3b2518" stroke-width="4" fill="none"/></g>`,
        )
        .join('')}
    </g>`),

  'dark-peak-trail-map-pack': svg(`${ground('#e5ebe4', '#f4f8f2', { shadowW: 400 })}
    <g>
      <path d="M 440 300 L 620 260 L 620 760 L 440 800 Z" fill="#eef0dc"/>
      <path d="M 620 260 L 800 300 L 800 800 L 620 760 Z" fill="#dfe3c9"/>
      <path d="M 800 300 L 980 260 L 980 760 L 800 800 Z" fill="#eef0dc"/>
      <g fill="none" stroke="#a9b98a" stroke-width="5">
        <path d="M 460 420 Q 540 380 610 410"/><path d="M 460 470 Q 540 430 610 460"/><path d="M 470 540 Q 540 500 610 520"/>
        <path d="M 630 400 Q 710 460 790 430"/><path d="M 630 470 Q 710 520 790 500"/><path d="M 630 560 Q 710 600 790 580"/>
        <path d="M 810 420 Q 900 360 970 400"/><path d="M 810 480 Q 900 430 970 460"/><path d="M 820 560 Q 900 520 970 540"/>
      </g>
      <path d="M 470 700 Q 560 640 620 620 Q 700 600 760 660 Q 840 720 960 600" stroke="${C.rust}" stroke-width="9" stroke-dasharray="20 14" fill="none"/>
      <path d="M 850 640 Q 880 700 940 720" stroke="#6c9ac0" stroke-width="10" fill="none"/>
    </g>
    <circle cx="1010" cy="300" r="78" fill="${C.forest}"/>
    <path d="M 1010 250 L 1010 330 M 978 302 L 1010 334 L 1042 302" stroke="${C.cream}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
    <path d="M 974 352 L 1046 352" stroke="${C.cream}" stroke-width="12" stroke-linecap="round"/>`),

  'wild-camping-in-the-peak-e-book': svg(`${ground('#e6e9ee', '#f5f7fa', { shadowW: 250 })}
    <rect x="560" y="150" width="380" height="690" rx="34" fill="${C.ink}"/>
    <rect x="566" y="156" width="368" height="678" rx="30" fill="none" stroke="#4a5558" stroke-width="4"/>
    ${wildCampingCover(590, 200, 320, 560)}
    <rect x="722" y="790" width="56" height="8" rx="4" fill="#4a5558"/>`),

  'wild-camping-in-the-peak-paperback': svg(`${ground('#ece5da', '#f9f4ec', { shadowW: 260 })}
    <path d="M 930 170 L 960 196 L 960 846 L 930 820 Z" fill="#e9e2d2"/>
    <path d="M 580 820 L 930 820 L 960 846 L 610 846 Z" fill="#d8cfbb"/>
    ${wildCampingCover(580, 170, 350, 650)}
    <rect x="580" y="170" width="14" height="650" fill="#000" opacity="0.18"/>`),

  'dark-peak-walks-paperback': svg(`${ground('#e7e9e4', '#f6f7f3', { shadowW: 260 })}
    <path d="M 930 170 L 960 196 L 960 846 L 930 820 Z" fill="#e9e2d2"/>
    <path d="M 580 820 L 930 820 L 960 846 L 610 846 Z" fill="#d8cfbb"/>
    <rect x="580" y="170" width="350" height="650" fill="#d9c9a3"/>
    <path d="M 580 520 L 680 420 L 740 470 L 820 380 L 930 500 L 930 820 L 580 820 Z" fill="#6b5a45"/>
    <path d="M 580 600 L 700 530 L 800 590 L 930 540 L 930 820 L 580 820 Z" fill="#4b3e30"/>
    <path d="M 620 780 Q 700 700 760 720 Q 820 740 880 660" stroke="${C.mustard}" stroke-width="8" stroke-dasharray="16 12" fill="none"/>
    <text x="755" y="270" text-anchor="middle" fill="${C.ink}" font-size="46" font-weight="bold">DARK PEAK</text>
    <text x="755" y="330" text-anchor="middle" fill="${C.ink}" font-size="44">WALKS</text>
    <text x="755" y="372" text-anchor="middle" fill="${C.rustDark}" font-size="17" letter-spacing="1">12 ROUTES FROM HATHERSAGE</text>
    <text x="755" y="800" text-anchor="middle" fill="${C.cream}" font-size="20" letter-spacing="3">OWEN PRYCE</text>
    <rect x="580" y="170" width="14" height="650" fill="#000" opacity="0.14"/>`),

  'guided-walk-stanage-edge-at-dawn': svg(`<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b9cfe0"/><stop offset="0.55" stop-color="#f3d3b5"/><stop offset="1" stop-color="#f6b98a"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="1040" cy="560" r="90" fill="#fde9c4"/>
    <path d="M 0 600 Q 300 560 600 590 Q 900 620 1500 570 L 1500 1000 L 0 1000 Z" fill="#a8a3b8"/>
    <path d="M 0 660 Q 400 630 800 660 Q 1100 690 1500 650 L 1500 1000 L 0 1000 Z" fill="#8d8296"/>
    <path d="M 0 540 L 260 520 L 520 548 L 760 560 L 780 640 L 820 700 L 900 760 L 1500 800 L 1500 1000 L 0 1000 Z" fill="#5c4a40"/>
    <path d="M 0 540 L 260 520 L 520 548 L 760 560 L 770 600 L 0 600 Z" fill="#6e5a4d"/>
    <g fill="${C.ink}">
      <circle cx="520" cy="470" r="13"/><path d="M 508 486 L 532 486 L 536 548 L 504 548 Z"/><path d="M 510 548 L 506 600 M 530 548 L 536 600" stroke="${C.ink}" stroke-width="10"/>
      <path d="M 498 494 L 486 540 M 542 494 L 560 530" stroke="${C.ink}" stroke-width="8"/>
      <circle cx="600" cy="478" r="12"/><path d="M 589 492 L 611 492 L 614 552 L 586 552 Z"/><path d="M 591 552 L 588 600 M 609 552 L 614 600" stroke="${C.ink}" stroke-width="9"/>
      <rect x="578" y="496" width="24" height="40" rx="6" fill="${C.rust}"/>
    </g>
    <g fill="#fbf7ef" opacity="0.8"><ellipse cx="300" cy="260" rx="140" ry="22"/><ellipse cx="420" cy="230" rx="90" ry="18"/><ellipse cx="1240" cy="330" rx="120" ry="18"/></g>`),

  'map-and-compass-skills-day': svg(`${ground('#e9e6da', '#f7f5ee', { shadow: false })}
    <g transform="rotate(-6 750 520)">
      <rect x="380" y="200" width="740" height="620" fill="#f1f0dc"/>
      <g fill="none" stroke="#b7c394" stroke-width="5">
        <path d="M 380 330 Q 560 250 760 330 Q 940 400 1120 320"/><path d="M 380 400 Q 560 320 760 400 Q 940 470 1120 390"/>
        <path d="M 380 480 Q 580 400 760 480 Q 960 550 1120 470"/><path d="M 380 580 Q 600 500 780 590 Q 960 660 1120 580"/>
        <path d="M 380 690 Q 600 620 800 700 Q 980 760 1120 690"/>
      </g>
      <path d="M 380 260 L 1120 760" stroke="#7aa6c8" stroke-width="12" fill="none"/>
      <g stroke="#cfd3b6" stroke-width="2"><path d="M 565 200 L 565 820 M 750 200 L 750 820 M 935 200 L 935 820 M 380 407 L 1120 407 M 380 613 L 1120 613"/></g>
    </g>
    <g transform="rotate(24 760 520)">
      <rect x="640" y="260" width="240" height="520" rx="26" fill="#dbe9ef" opacity="0.88" stroke="#9fb7c2" stroke-width="4"/>
      <path d="M 760 290 L 780 350 L 740 350 Z" fill="${C.rust}"/>
      <path d="M 760 330 L 760 420" stroke="${C.rust}" stroke-width="6"/>
      <circle cx="760" cy="580" r="130" fill="${C.ink}"/>
      <circle cx="760" cy="580" r="112" fill="#f4f3ee"/>
      <g stroke="${C.ink}" stroke-width="4"><path d="M 760 474 L 760 494 M 760 666 L 760 686 M 654 580 L 674 580 M 846 580 L 866 580"/></g>
      <text x="760" y="516" text-anchor="middle" font-size="28" font-weight="bold" fill="${C.ink}">N</text>
      <path d="M 760 470 L 780 580 L 740 580 Z" fill="${C.rust}"/>
      <path d="M 760 690 L 780 580 L 740 580 Z" fill="#f4f3ee" stroke="${C.ink}" stroke-width="3"/>
      <circle cx="760" cy="580" r="10" fill="${C.ink}"/>
      <rect x="728" y="770" width="64" height="14" rx="7" fill="${C.rust}"/>
    </g>`),

  'trailhead-gift-card': svg(`${ground('#efe5de', '#fbf5f1', { shadowW: 380 })}
    <g transform="rotate(-8 750 520)">
      <rect x="470" y="330" width="560" height="350" rx="30" fill="${C.forest}"/>
      <path d="M 470 600 Q 650 540 800 590 Q 930 630 1030 580 L 1030 650 Q 1030 680 1000 680 L 500 680 Q 470 680 470 650 Z" fill="${C.forestDark}"/>
    </g>
    <g transform="rotate(5 750 520)">
      <rect x="470" y="330" width="560" height="350" rx="30" fill="${C.rust}"/>
      <path d="M 470 580 L 620 470 L 700 530 L 800 440 L 1030 600 L 1030 650 Q 1030 680 1000 680 L 500 680 Q 470 680 470 650 Z" fill="${C.rustDark}"/>
      ${mark(540, 400, 36, C.cream, C.rust)}
      <text x="592" y="412" fill="${C.cream}" font-size="30" font-weight="bold">Trailhead Supply Co.</text>
      <text x="990" y="650" text-anchor="end" fill="${C.cream}" font-size="40" font-weight="bold">Gift card</text>
      <rect x="510" y="610" width="90" height="34" rx="6" fill="${C.mustard}"/>
    </g>`),

  'sounds-of-the-edge-cover': svg(`<rect width="${W}" height="${H}" fill="#e8ded0"/>
    <rect x="400" y="150" width="700" height="700" fill="#233a52"/>
    <circle cx="880" cy="380" r="80" fill="#f2c98a"/>
    <path d="M 400 640 L 560 590 L 700 610 L 840 560 L 1100 600 L 1100 850 L 400 850 Z" fill="#152636"/>
    <g stroke="#f2c98a" stroke-width="6" fill="none" stroke-linecap="round">
      ${Array.from({ length: 24 }, (_, i) => {
        const x = 460 + i * 25;
        const h = 20 + Math.round(60 * Math.abs(Math.sin(i * 0.7)) + 30 * Math.abs(Math.sin(i * 1.9)));
        return `<path d="M ${x} ${500 - h / 2} L ${x} ${500 + h / 2}"/>`;
      }).join('')}
    </g>
    <text x="440" y="230" fill="#fbf7ef" font-size="48" font-weight="bold">SOUNDS OF THE EDGE</text>
    <text x="440" y="280" fill="#c9d1d6" font-size="28">Tomasz Wójcik</text>`),

  'christmas-late-opening': svg(`${ground('#1f3347', '#29415a', { shadow: false })}
    <rect x="430" y="260" width="640" height="580" fill="#6b4a36"/>
    <rect x="470" y="360" width="360" height="360" fill="#f3d08a"/>
    <path d="M 650 360 L 650 720 M 470 540 L 830 540" stroke="#6b4a36" stroke-width="14"/>
    <g fill="${C.forestDark}"><path d="M 560 700 L 610 600 L 660 700 Z"/><path d="M 700 700 L 740 620 L 780 700 Z"/></g>
    <rect x="880" y="420" width="150" height="420" fill="${C.forest}"/>
    <circle cx="1004" cy="640" r="8" fill="${C.mustard}"/>
    <rect x="410" y="230" width="680" height="60" fill="${C.rust}"/>
    <text x="750" y="272" text-anchor="middle" fill="${C.cream}" font-size="32" font-weight="bold" letter-spacing="3">TRAILHEAD SUPPLY CO.</text>
    <circle cx="955" cy="370" r="46" fill="none" stroke="${C.forestLight}" stroke-width="20"/>
    <circle cx="955" cy="410" r="9" fill="${C.rust}"/>
    <path d="M 410 300 Q 470 340 530 300 Q 590 340 650 300 Q 710 340 770 300 Q 830 340 890 300 Q 950 340 1010 300 Q 1060 334 1090 300" stroke="#0f1a24" stroke-width="3" fill="none"/>
    <g fill="#ffe08a">${[440, 500, 560, 620, 680, 740, 800, 860, 920, 980, 1040]
      .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 322 : 330}" r="9"/>`)
      .join('')}</g>
    <g fill="#fbf7ef" opacity="0.85">${[
      [200, 180],
      [300, 420],
      [1230, 240],
      [1320, 520],
      [160, 640],
      [1200, 760],
      [260, 860],
      [1350, 880],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7"/>`)
      .join('')}</g>
    <rect x="0" y="840" width="${W}" height="160" fill="#e9eef2"/>`),

  'kit-repair-cafe': svg(`${ground('#e9e4dc', '#f7f3ec', { shadow: false })}
    <path d="M 420 300 L 900 260 L 960 700 L 480 760 Z" fill="${C.rust}"/>
    <path d="M 620 400 L 800 385 L 815 560 L 635 575 Z" fill="${C.mustard}"/>
    <path d="M 620 400 L 800 385 L 815 560 L 635 575 Z" fill="none" stroke="${C.ink}" stroke-width="5" stroke-dasharray="14 10"/>
    <path d="M 540 640 L 880 600" stroke="${C.ink}" stroke-width="18"/>
    <path d="M 540 640 L 880 600" stroke="${C.steelDark}" stroke-width="8" stroke-dasharray="8 8"/>
    <rect x="860" y="580" width="38" height="60" rx="8" fill="${C.steelDark}" transform="rotate(-7 879 610)"/>
    <g transform="translate(1060 420)">
      <rect x="-70" y="-120" width="140" height="240" rx="20" fill="${C.cork}"/>
      <rect x="-80" y="-130" width="160" height="26" rx="8" fill="${C.kraftDark}"/>
      <rect x="-80" y="104" width="160" height="26" rx="8" fill="${C.kraftDark}"/>
      <g stroke="${C.forest}" stroke-width="12"><path d="M -64 -80 L 64 -80 M -64 -50 L 64 -50 M -64 -20 L 64 -20 M -64 10 L 64 10 M -64 40 L 64 40 M -64 70 L 64 70"/></g>
    </g>
    <path d="M 1000 700 L 1240 560" stroke="${C.steelDark}" stroke-width="8" stroke-linecap="round"/>
    <ellipse cx="1228" cy="567" rx="12" ry="5" fill="none" stroke="${C.ink}" stroke-width="3" transform="rotate(-30 1228 567)"/>
    <path d="M 1240 560 Q 1200 480 1110 520" stroke="${C.forest}" stroke-width="4" fill="none"/>
    <g transform="translate(300 720) rotate(-20)">
      <circle cx="0" cy="0" r="40" fill="none" stroke="${C.ink}" stroke-width="12"/>
      <circle cx="90" cy="0" r="40" fill="none" stroke="${C.ink}" stroke-width="12"/>
      <path d="M 30 -20 L 260 -120 M 60 -20 L 250 -150" stroke="${C.steelDark}" stroke-width="14" stroke-linecap="round"/>
    </g>`),

  // Kettle & Crumb
  'kettle-and-crumb-table': svg(`${ground('#f3e6d6', '#fdf6ec', { shadowY: 800, shadowW: 520 })}
    <path d="M 420 420 Q 420 330 520 320 L 640 320 Q 740 330 740 420 L 760 740 Q 760 790 700 790 L 460 790 Q 400 790 400 740 Z" fill="#9a3b1b"/>
    <path d="M 640 320 Q 740 330 740 420 L 760 740 Q 760 790 700 790 L 660 790 Z" fill="#7a2c12" opacity="0.6"/>
    <path d="M 470 320 Q 580 250 690 320 Z" fill="#7a2c12"/>
    <circle cx="580" cy="262" r="20" fill="#7a2c12"/>
    <path d="M 420 470 Q 300 460 290 380 L 250 330" stroke="#9a3b1b" stroke-width="34" fill="none" stroke-linecap="round"/>
    <path d="M 740 430 Q 860 420 850 560 Q 840 660 750 660" stroke="#7a2c12" stroke-width="30" fill="none"/>
    <rect x="880" y="630" width="400" height="40" rx="20" fill="#e8d9bd"/>
    <path d="M 910 630 L 910 520 Q 910 460 970 460 L 1190 460 Q 1250 460 1250 520 L 1250 630 Z" fill="#e9b872"/>
    <path d="M 910 520 Q 910 460 970 460 L 1190 460 Q 1250 460 1250 520 Q 1230 560 1200 520 Q 1170 570 1140 520 Q 1110 570 1080 520 Q 1050 570 1020 520 Q 990 570 960 520 Q 930 560 910 520 Z" fill="#fbf2e2"/>
    <path d="M 910 570 L 1250 570" stroke="#c98f4a" stroke-width="10"/>
    <g fill="#7d3b5c"><circle cx="1000" cy="460" r="16"/><circle cx="1080" cy="452" r="16"/><circle cx="1160" cy="460" r="16"/></g>
    <path d="M 1080 452 L 1090 420" stroke="#3f6e55" stroke-width="6"/>`),

  'walkers-flapjack': svg(`${ground('#f1e7d8', '#fcf6ec', { shadowW: 430 })}
    <rect x="380" y="560" width="740" height="80" rx="12" fill="#ece2d0"/>
    <path d="M 380 600 L 1120 600" stroke="#d6c8ae" stroke-width="4"/>
    ${[
      [420, 420, -4],
      [640, 410, 3],
      [860, 424, -2],
      [530, 300, 6],
      [750, 290, -5],
    ]
      .map(
        ([x, y, r]) => `<g transform="rotate(${r} ${x + 100} ${y + 80})">
      <rect x="${x}" y="${y}" width="200" height="160" rx="14" fill="#c98f4a"/>
      <rect x="${x}" y="${y + 120}" width="200" height="40" rx="10" fill="#a8702f"/>
      <g fill="#e8c48a">${[
        [30, 30],
        [90, 50],
        [150, 26],
        [60, 90],
        [130, 96],
        [170, 70],
        [24, 80],
      ]
        .map(([a, b]) => `<ellipse cx="${x + a}" cy="${y + b}" rx="14" ry="8" transform="rotate(${(a * 7) % 60} ${x + a} ${y + b})"/>`)
        .join('')}</g>
    </g>`,
      )
      .join('')}`),

  'elderflower-and-lemon-drizzle-cake': svg(`${ground('#eef0dc', '#fafbef', { shadowW: 400 })}
    <ellipse cx="750" cy="740" rx="400" ry="60" fill="#f4f3ee"/>
    <path d="M 470 470 L 1030 470 L 1010 720 L 490 720 Z" fill="#e9c46a"/>
    <path d="M 980 470 L 1030 470 L 1010 720 L 970 720 Z" fill="#c9a24a"/>
    <path d="M 470 470 Q 750 380 1030 470 Q 1010 520 980 500 Q 950 560 920 500 Q 880 580 840 500 Q 800 560 760 500 Q 720 600 690 500 Q 650 560 610 500 Q 570 570 540 500 Q 500 540 470 470 Z" fill="#fbf7e8"/>
    <g fill="#fffde6">${[
      [600, 430],
      [700, 416],
      [820, 420],
      [920, 440],
    ]
      .map(
        ([x, y]) => `<g transform="translate(${x} ${y})"><circle r="9"/><circle cx="12" cy="6" r="7"/><circle cx="-10" cy="8" r="7"/></g>`,
      )
      .join('')}</g>
    <g transform="translate(1160 700)">
      <ellipse rx="90" ry="64" fill="#f2d541"/>
      <ellipse cx="-40" cy="-10" rx="30" ry="18" fill="#f8e77a" opacity="0.8"/>
      <path d="M 86 -6 L 110 -14" stroke="#c9b01f" stroke-width="10" stroke-linecap="round"/>
    </g>
    <g transform="translate(330 700)">
      <circle r="70" fill="#f2d541"/><circle r="56" fill="#fbf1a6"/>
      <g stroke="#f2d541" stroke-width="6">${[0, 45, 90, 135].map((a) => `<path d="M 0 -54 L 0 54" transform="rotate(${a})"/>`).join('')}</g>
    </g>`),

  // fernwood's newsletter popup: a letter half out of its envelope, a pressed larch sprig and a fallen leaf beside it
  'fernwood-monthly-letter': svg(`${ground('#e6ece4', '#f5f8f2', { shadowY: 800, shadowW: 440 })}
    <g transform="rotate(-5 750 560)">
      <rect x="470" y="300" width="520" height="360" rx="8" fill="#fbf7ef"/>
      <g stroke="#c9c1b0" stroke-width="10" stroke-linecap="round">
        <path d="M 530 370 L 800 370"/><path d="M 530 420 L 930 420"/><path d="M 530 470 L 900 470"/><path d="M 530 520 L 760 520"/>
      </g>
      <text x="530" y="350" font-size="34" font-weight="700" fill="${C.forestDark}">Letters from Fernwood</text>
      <rect x="420" y="480" width="620" height="320" rx="14" fill="#d9c6a2"/>
      <path d="M 420 494 L 730 690 L 1040 494 L 1040 786 Q 1040 800 1026 800 L 434 800 Q 420 800 420 786 Z" fill="#cbb58d"/>
      <path d="M 420 800 L 730 640 L 1040 800" fill="none" stroke="#b89f74" stroke-width="6" stroke-linejoin="round"/>
      <rect x="900" y="510" width="100" height="120" rx="6" fill="#fbf7ef" stroke="#b89f74" stroke-width="4" stroke-dasharray="10 6"/>
      <path d="M 950 530 L 976 600 L 924 600 Z" fill="${C.forest}"/><rect x="946" y="600" width="8" height="16" fill="${C.ink}"/>
    </g>
    <g transform="translate(1120 700) rotate(24)">
      <path d="M 0 -120 C 40 -80 60 -20 0 110 C -60 -20 -40 -80 0 -120 Z" fill="${C.rust}"/>
      <path d="M 0 -110 L 0 150" stroke="${C.rustDark}" stroke-width="6" stroke-linecap="round"/>
      <g stroke="${C.rustDark}" stroke-width="4" stroke-linecap="round">
        <path d="M 0 -40 L 30 -70"/><path d="M 0 -40 L -30 -70"/><path d="M 0 10 L 36 -20"/><path d="M 0 10 L -36 -20"/>
      </g>
    </g>
    <g transform="translate(330 640) rotate(-30)">
      <path d="M 0 -170 L 0 170" stroke="#7a5a3a" stroke-width="8" stroke-linecap="round"/>
      <g stroke="${C.mustard}" stroke-width="5" stroke-linecap="round">${[-130, -70, -10, 50, 110]
        .map((y) => [-34, -18, 0, 18, 34].map((dx) => `<path d="M 0 ${y} L ${dx} ${y - 44}"/>`).join(''))
        .join('')}</g>
    </g>`),
};
