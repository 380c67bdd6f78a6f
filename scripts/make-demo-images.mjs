#!/usr/bin/env node
/**
 * Generates the demo images used by the seeded page content (the demo documents in src/core/content/<key>.ts),
 * the site logos and the demo company's logo: `node scripts/make-demo-images.mjs`.
 *
 * Every SVG gets a viewBox-only root, xmlns, role="img" and a <title>; nothing external, no scripts. The demo
 * company's logo (public/demo/logo.png, seeded in src/server/db/seed/demo-company.ts) is the pages' default
 * sharing image (docs/design.md §20), a PNG because social networks do not show SVG: drawn as SVG, rendered by sharp,
 * and free of text, so that it comes out the same whatever fonts the machine has.
 * The script checks each file against its size budget and fails loudly if one is exceeded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');

const C = { navy: '#0b2545', blue: '#1d4ed8', teal: '#0f766e', amber: '#f59e0b', light: '#eef2ff', white: '#fff' };
const FONT = 'system-ui, sans-serif';

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function svg(w, h, title, defs, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img">` +
    `<title>${esc(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>\n'
  );
}

const written = [];
function write(rel, content, maxBytes) {
  const bytes = Buffer.byteLength(content);
  if (bytes > maxBytes) throw new Error(`${rel} is ${bytes} bytes, over its ${maxBytes}-byte budget`);
  if (/<script|foreignObject|xlink:href|href=|url\((?!#)/i.test(content))
    throw new Error(`${rel} has a forbidden construct`);
  const file = join(PUBLIC, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push([rel, bytes]);
}

const lin = (id, a, b, x2 = 1, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

/* ---------------------------------------------------------------- slides (1600x700, no text) */

const SLIDE_DEFS = lin('bg', C.navy, C.blue) + lin('ac', C.teal, C.blue) + lin('am', C.amber, '#fbbf24', 0, 1);
/** Shared backdrop: navy-to-blue wash, soft circles and a dotted grid on the right; text sits on the left. */
const backdrop =
  `<rect width="1600" height="700" fill="url(#bg)"/>` +
  `<circle cx="1450" cy="80" r="260" fill="${C.light}" opacity=".06"/>` +
  `<circle cx="700" cy="720" r="300" fill="${C.teal}" opacity=".18"/>` +
  `<circle cx="1180" cy="640" r="160" fill="${C.light}" opacity=".05"/>`;

const win = (x, y, w, h, fill = C.light) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${fill}"/>` +
  `<rect x="${x}" y="${y}" width="${w}" height="46" rx="22" fill="${C.navy}" opacity=".12"/>` +
  [0, 1, 2]
    .map((i) => `<circle cx="${x + 28 + i * 22}" cy="${y + 23}" r="7" fill="${[C.amber, C.teal, C.blue][i]}"/>`)
    .join('');

function slideHome1() {
  const bars = [120, 180, 140, 230, 190, 260]
    .map(
      (h, i) =>
        `<rect x="${930 + i * 52}" y="${500 - h}" width="34" height="${h}" rx="8" fill="${i === 5 ? 'url(#am)' : i % 2 ? C.blue : C.teal}"/>`,
    )
    .join('');
  return svg(
    1600,
    700,
    'Abstract illustration of business dashboards',
    SLIDE_DEFS,
    backdrop +
      win(880, 120, 640, 440) +
      bars +
      `<rect x="920" y="515" width="320" height="4" rx="2" fill="${C.navy}" opacity=".2"/>` +
      `<circle cx="1380" cy="270" r="70" fill="none" stroke="${C.teal}" stroke-width="26"/>` +
      `<circle cx="1380" cy="270" r="70" fill="none" stroke="${C.amber}" stroke-width="26" stroke-dasharray="140 300" transform="rotate(-90 1380 270)"/>` +
      `<rect x="1300" y="390" width="170" height="14" rx="7" fill="${C.blue}" opacity=".7"/>` +
      `<rect x="1300" y="420" width="120" height="14" rx="7" fill="${C.teal}" opacity=".6"/>` +
      `<rect x="1300" y="450" width="150" height="14" rx="7" fill="${C.navy}" opacity=".25"/>` +
      `<rect x="760" y="400" width="230" height="150" rx="20" fill="${C.white}"/>` +
      `<polyline points="785,515 825,480 860,495 900,445 960,460" fill="none" stroke="${C.blue}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<circle cx="960" cy="460" r="10" fill="${C.amber}"/>` +
      `<rect x="785" y="422" width="90" height="12" rx="6" fill="${C.navy}" opacity=".3"/>`,
  );
}

function slideHome2() {
  return svg(
    1600,
    700,
    'Abstract illustration of a laptop, a tablet and a phone',
    SLIDE_DEFS,
    backdrop +
      // laptop
      `<rect x="860" y="150" width="560" height="350" rx="20" fill="${C.navy}"/>` +
      `<rect x="880" y="170" width="520" height="310" rx="8" fill="${C.light}"/>` +
      `<path d="M800 500h680l-40 40H840z" fill="#c7d2fe"/>` +
      `<rect x="880" y="170" width="130" height="310" fill="url(#ac)"/>` +
      `<rect x="1035" y="195" width="340" height="70" rx="10" fill="${C.white}"/>` +
      `<rect x="1035" y="285" width="160" height="170" rx="10" fill="${C.white}"/>` +
      `<rect x="1215" y="285" width="160" height="170" rx="10" fill="${C.white}"/>` +
      `<rect x="1055" y="218" width="180" height="24" rx="12" fill="${C.blue}" opacity=".8"/>` +
      `<circle cx="1115" cy="370" r="45" fill="${C.teal}" opacity=".85"/>` +
      `<rect x="1240" y="395" width="28" height="40" rx="4" fill="${C.blue}"/><rect x="1280" y="350" width="28" height="85" rx="4" fill="${C.amber}"/><rect x="1320" y="370" width="28" height="65" rx="4" fill="${C.teal}"/>` +
      // phone
      `<rect x="1440" y="300" width="130" height="250" rx="22" fill="${C.navy}" stroke="${C.light}" stroke-width="6"/>` +
      `<rect x="1458" y="330" width="94" height="50" rx="8" fill="url(#am)"/>` +
      `<rect x="1458" y="392" width="94" height="14" rx="7" fill="${C.light}" opacity=".7"/>` +
      `<rect x="1458" y="416" width="70" height="14" rx="7" fill="${C.light}" opacity=".5"/>` +
      `<rect x="1458" y="446" width="94" height="76" rx="8" fill="${C.teal}"/>` +
      // tablet
      `<rect x="700" y="320" width="200" height="260" rx="20" fill="${C.white}"/>` +
      `<rect x="718" y="340" width="164" height="90" rx="10" fill="url(#ac)"/>` +
      `<rect x="718" y="450" width="120" height="14" rx="7" fill="${C.navy}" opacity=".3"/>` +
      `<rect x="718" y="476" width="150" height="14" rx="7" fill="${C.navy}" opacity=".2"/>` +
      `<rect x="718" y="510" width="80" height="40" rx="10" fill="${C.amber}"/>`,
  );
}

function slideHome3() {
  const nodes = [
    [1000, 560],
    [1180, 600],
    [1360, 560],
  ];
  return svg(
    1600,
    700,
    'Abstract illustration of a cloud connected to servers',
    SLIDE_DEFS,
    backdrop +
      `<g fill="${C.light}"><circle cx="1090" cy="280" r="95"/><circle cx="1210" cy="225" r="125"/><circle cx="1330" cy="290" r="85"/><rect x="1000" y="280" width="420" height="100" rx="50"/></g>` +
      `<circle cx="1210" cy="300" r="46" fill="url(#ac)"/>` +
      `<path d="M1190 300l14 14 26-30" fill="none" stroke="${C.white}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
      nodes
        .map(
          ([x, y]) =>
            `<path d="M${x} ${y - 40}L1210 380" stroke="${C.light}" stroke-width="4" stroke-dasharray="10 10" opacity=".6"/>` +
            `<rect x="${x - 70}" y="${y - 40}" width="140" height="36" rx="8" fill="${C.navy}" stroke="${C.light}" stroke-width="3"/>` +
            `<rect x="${x - 70}" y="${y}" width="140" height="36" rx="8" fill="${C.navy}" stroke="${C.light}" stroke-width="3"/>` +
            `<circle cx="${x - 48}" cy="${y - 22}" r="6" fill="${C.amber}"/><circle cx="${x - 48}" cy="${y + 18}" r="6" fill="#34d399"/>` +
            `<rect x="${x - 30}" y="${y - 26}" width="80" height="8" rx="4" fill="${C.light}" opacity=".5"/>` +
            `<rect x="${x - 30}" y="${y + 14}" width="80" height="8" rx="4" fill="${C.light}" opacity=".5"/>`,
        )
        .join('') +
      `<circle cx="880" cy="200" r="14" fill="${C.amber}"/><circle cx="1500" cy="170" r="10" fill="${C.amber}"/>` +
      `<circle cx="1520" cy="440" r="18" fill="none" stroke="${C.amber}" stroke-width="5"/>` +
      `<path d="M880 200L1000 260M1500 170L1420 230" stroke="${C.amber}" stroke-width="3" opacity=".7"/>`,
  );
}

function phone(x, y, w, h, accent) {
  const p = 14;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="30" fill="${C.navy}" stroke="${C.light}" stroke-width="6"/>` +
    `<rect x="${x + w / 2 - 30}" y="${y + 14}" width="60" height="8" rx="4" fill="${C.light}" opacity=".5"/>` +
    `<rect x="${x + p}" y="${y + 36}" width="${w - 2 * p}" height="${h * 0.28}" rx="12" fill="${accent}"/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${x + p}" y="${y + 50 + h * 0.28 + i * 52}" width="${w - 2 * p}" height="40" rx="10" fill="${C.light}" opacity="${0.9 - i * 0.2}"/>` +
          `<circle cx="${x + p + 20}" cy="${y + 70 + h * 0.28 + i * 52}" r="10" fill="${[C.teal, C.blue, C.amber][i]}"/>`,
      )
      .join('')
  );
}

function slideBespoke1() {
  return svg(
    1600,
    700,
    'Abstract illustration of three mobile phones showing app screens',
    SLIDE_DEFS,
    backdrop +
      `<g transform="rotate(-8 980 390)">${phone(900, 170, 190, 380, 'url(#ac)')}</g>` +
      `<g transform="rotate(8 1400 390)">${phone(1320, 170, 190, 380, C.blue)}</g>` +
      phone(1100, 110, 220, 470, 'url(#am)') +
      `<rect x="760" y="230" width="170" height="70" rx="22" fill="${C.white}"/><path d="M800 300l-10 30 40-30z" fill="${C.white}"/>` +
      `<rect x="785" y="252" width="120" height="12" rx="6" fill="${C.navy}" opacity=".35"/><rect x="785" y="272" width="80" height="12" rx="6" fill="${C.teal}" opacity=".6"/>` +
      `<circle cx="1530" cy="580" r="42" fill="${C.teal}"/><path d="M1512 580l12 12 24-26" fill="none" stroke="${C.white}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

function slideBespoke2() {
  const code = [
    [0, 160, C.amber],
    [30, 220, '#93c5fd'],
    [30, 140, '#5eead4'],
    [60, 250, '#93c5fd'],
    [60, 120, C.amber],
    [30, 180, '#5eead4'],
    [0, 90, '#93c5fd'],
  ]
    .map(([dx, w, c], i) => `<rect x="${1080 + dx}" y="${270 + i * 34}" width="${w}" height="14" rx="7" fill="${c}"/>`)
    .join('');
  return svg(
    1600,
    700,
    'Abstract illustration of web application windows with code',
    SLIDE_DEFS,
    backdrop +
      win(820, 200, 420, 320, '#c7d2fe') +
      `<rect x="850" y="275" width="360" height="90" rx="12" fill="${C.white}"/>` +
      `<rect x="850" y="385" width="170" height="100" rx="12" fill="${C.white}"/><rect x="1040" y="385" width="170" height="100" rx="12" fill="${C.teal}" opacity=".8"/>` +
      win(1040, 150, 500, 400, C.navy) +
      `<rect x="1040" y="196" width="500" height="2" fill="${C.light}" opacity=".2"/>` +
      code +
      `<rect x="1060" y="240" width="6" height="280" rx="3" fill="${C.light}" opacity=".15"/>` +
      `<circle cx="1500" cy="560" r="56" fill="url(#am)"/><circle cx="1500" cy="560" r="22" fill="${C.navy}"/>` +
      `<circle cx="1500" cy="560" r="72" fill="none" stroke="${C.amber}" stroke-width="10" stroke-dasharray="18 14"/>`,
  );
}

write('demo/slides/home-1.svg', slideHome1(), 4096);
write('demo/slides/home-2.svg', slideHome2(), 4096);
write('demo/slides/home-3.svg', slideHome3(), 4096);
write('demo/slides/bespoke-1.svg', slideBespoke1(), 4096);
write('demo/slides/bespoke-2.svg', slideBespoke2(), 4096);

/* ---------------------------------------------------------------- customer logos (320x160) */

/** slug, short name, tagline, colour, mark shape. Slugs match custImage in src/core/content/customers.ts. */
const CUSTOMERS = [
  ['sahyadri-precision', 'Sahyadri', 'PRECISION CASTINGS', '#0b2545', 'hexagon'],
  ['deccan-pharma', 'Deccan', 'PHARMA LABS', '#0f766e', 'capsule'],
  ['indrayani-dairy', 'Indrayani', 'CO-OPERATIVE DAIRY', '#1d4ed8', 'drop'],
  ['krishna-agro', 'Krishna Valley', 'AGRO PRODUCERS', '#15803d', 'leaf'],
  ['shreeram-auto', 'Shreeram', 'AUTO COMPONENTS', '#b91c1c', 'gear'],
  ['pavana-hydraulics', 'Pavana', 'HYDRAULICS', '#0369a1', 'wave'],
  ['medhavi-clinics', 'Medhavi', 'MULTISPECIALITY CLINICS', '#be123c', 'cross'],
  ['nirmal-life', 'Nirmal', 'LIFE SCIENCES', '#7c3aed', 'ring'],
  ['godavari-textiles', 'Godavari', 'TEXTILE MILLS', '#9a3412', 'stripes'],
  ['agrigrid', 'AgriGrid', 'TECHNOLOGIES', '#65a30d', 'grid'],
  ['vidarbha-seeds', 'Vidarbha', 'SEEDS CO-OPERATIVE', '#a16207', 'leaf'],
  ['konkan-logistics', 'Konkan', 'COASTAL LOGISTICS', '#0e7490', 'arrow'],
  ['tanmay-hospital', 'Tanmay', 'CHILDREN’S HOSPITAL', '#db2777', 'heart'],
  ['swasthya-diagnostics', 'Swasthya', 'DIAGNOSTICS', '#0d9488', 'cross'],
  ['bhima-engineering', 'Bhima', 'ENGINEERING WORKS', '#334155', 'gear'],
  ['saptashrungi-chemicals', 'Saptashrungi', 'CHEMICALS', '#4338ca', 'flask'],
  ['ankur-education', 'Ankur', 'EDUCATION TRUST', '#ea580c', 'sprout'],
  ['trimurti-electricals', 'Trimurti', 'ELECTRICALS', '#ca8a04', 'bolt'],
  ['mulshi-realty', 'Mulshi Valley', 'REALTY', '#166534', 'roof'],
  ['kavach-finserv', 'Kavach', 'FINSERV', '#1e3a8a', 'shield'],
];

/** A mark centred at (60, 80), about 70 units across. */
function mark(shape, c) {
  switch (shape) {
    case 'hexagon':
      return `<path d="M60 45l30 17v36L60 115 30 98V62z" fill="${c}"/><path d="M60 65l13 8v14L60 95l-13-8V73z" fill="#fff"/>`;
    case 'capsule':
      return `<g transform="rotate(-40 60 80)"><rect x="24" y="62" width="72" height="36" rx="18" fill="${c}"/><rect x="60" y="62" width="36" height="36" rx="18" fill="${C.amber}"/><rect x="60" y="62" width="18" height="36" fill="${C.amber}"/></g>`;
    case 'drop':
      return `<path d="M60 42c18 24 28 38 28 52a28 28 0 0 1-56 0c0-14 10-28 28-52z" fill="${c}"/><circle cx="50" cy="96" r="7" fill="#fff" opacity=".7"/>`;
    case 'leaf':
      return `<path d="M28 112C28 62 58 44 96 44c0 42-22 68-68 68z" fill="${c}"/><path d="M36 104L80 60" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`;
    case 'gear':
      return `<circle cx="60" cy="80" r="26" fill="none" stroke="${c}" stroke-width="16" stroke-dasharray="11 6"/><circle cx="60" cy="80" r="20" fill="${c}"/><circle cx="60" cy="80" r="8" fill="#fff"/>`;
    case 'wave':
      return `<circle cx="60" cy="80" r="36" fill="${c}"/><path d="M30 84q8-10 15 0t15 0 15 0 15 0" fill="none" stroke="#fff" stroke-width="6"/>`;
    case 'cross':
      return `<rect x="26" y="46" width="68" height="68" rx="16" fill="${c}"/><path d="M52 58h16v14h14v16H68v14H52V88H38V72h14z" fill="#fff"/>`;
    case 'ring':
      return `<circle cx="60" cy="80" r="30" fill="none" stroke="${c}" stroke-width="12"/><circle cx="60" cy="80" r="11" fill="${C.amber}"/>`;
    case 'stripes':
      return `<rect x="26" y="46" width="68" height="68" rx="34" fill="${c}"/><path d="M30 70h60M26 82h68M30 94h60" stroke="#fff" stroke-width="5"/>`;
    case 'grid':
      return [0, 1, 2]
        .flatMap((i) =>
          [0, 1, 2].map(
            (j) =>
              `<rect x="${30 + i * 22}" y="${50 + j * 22}" width="16" height="16" rx="4" fill="${(i + j) % 2 ? C.amber : c}"/>`,
          ),
        )
        .join('');
    case 'arrow':
      return `<rect x="26" y="46" width="68" height="68" rx="12" fill="${c}"/><path d="M40 80h36M64 66l14 14-14 14" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'heart':
      return `<path d="M60 112L30 82a18 18 0 0 1 30-24 18 18 0 0 1 30 24z" fill="${c}"/>`;
    case 'flask':
      return `<path d="M50 44h20v22l22 38a8 8 0 0 1-7 12H35a8 8 0 0 1-7-12l22-38z" fill="${c}"/><path d="M38 98h44l6 10H32z" fill="${C.amber}"/>`;
    case 'sprout':
      return `<path d="M60 114V78" stroke="${c}" stroke-width="7" stroke-linecap="round"/><path d="M60 80c0-20-14-30-32-30 0 20 14 30 32 30zM60 72c0-18 12-28 30-28 0 18-12 28-30 28z" fill="${c}"/>`;
    case 'bolt':
      return `<circle cx="60" cy="80" r="36" fill="${c}"/><path d="M66 52L44 86h14l-6 24 24-36H62z" fill="#fff"/>`;
    case 'roof':
      return `<path d="M24 82L60 48l36 34" fill="none" stroke="${c}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/><rect x="38" y="80" width="44" height="34" fill="${c}"/><rect x="54" y="94" width="12" height="20" fill="#fff"/>`;
    case 'shield':
      return `<path d="M60 44l32 12v22c0 20-14 32-32 38-18-6-32-18-32-38V56z" fill="${c}"/><path d="M46 80l10 10 20-22" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;
    default:
      throw new Error(`Unknown mark ${shape}`);
  }
}

for (const [slug, name, tagline, colour, shape] of CUSTOMERS) {
  const size = Math.min(34, Math.floor(196 / (name.length * 0.66)));
  const body =
    `<rect width="320" height="160" rx="16" fill="#fff"/>` +
    mark(shape, colour) +
    `<text x="108" y="84" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${colour}">${esc(name)}</text>` +
    `<text x="109" y="106" font-family="${FONT}" font-size="11" font-weight="600" letter-spacing="1.5" fill="#475569">${esc(tagline)}</text>`;
  write(`demo/customers/${slug}.svg`, svg(320, 160, `${name} ${tagline.toLowerCase()} logo`, '', body), 2048);
}

/* ---------------------------------------------------------------- management avatars (480x560) */

const TEAM = [
  ['anil-deshpande', 'Dr. Anil Deshpande', 'AD', C.navy, C.blue],
  ['meera-kulkarni', 'Meera Kulkarni', 'MK', C.teal, C.blue],
  ['rohan-joshi', 'Rohan Joshi', 'RJ', C.blue, C.teal],
];
for (const [slug, name, initials, a, b] of TEAM) {
  const body =
    `<rect width="480" height="560" fill="url(#g)"/>` +
    `<circle cx="420" cy="70" r="150" fill="${C.light}" opacity=".08"/>` +
    `<circle cx="40" cy="520" r="180" fill="${C.amber}" opacity=".12"/>` +
    `<circle cx="240" cy="250" r="130" fill="${C.light}" opacity=".14"/>` +
    `<path d="M60 560c0-100 80-160 180-160s180 60 180 160z" fill="${C.light}" opacity=".1"/>` +
    `<text x="240" y="250" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-size="120" font-weight="700" fill="#fff">${initials}</text>` +
    `<rect x="200" y="340" width="80" height="8" rx="4" fill="${C.amber}"/>`;
  write(`demo/team/${slug}.svg`, svg(480, 560, `Avatar of ${name}`, lin('g', a, b), body), 3072);
}

/* ---------------------------------------------------------------- map of the office (800x450) */

{
  const roads = [];
  for (let x = 60; x < 800; x += 110) roads.push(`M${x} 0v450`);
  for (let y = 50; y < 450; y += 95) roads.push(`M0 ${y}h800`);
  const blocks = [
    [75, 65, 80, 70, '#dbeafe'],
    [405, 65, 80, 70, '#fde68a'],
    [625, 160, 80, 70, '#dbeafe'],
    [185, 255, 80, 70, '#e0e7ff'],
    [515, 350, 80, 70, '#e0e7ff'],
  ]
    .map(([x, y, w, h, f]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${f}"/>`)
    .join('');
  const body =
    `<rect width="800" height="450" fill="#f1f5f9"/>` +
    `<rect x="295" y="160" width="80" height="70" rx="8" fill="#bbf7d0"/><rect x="625" y="350" width="100" height="70" rx="8" fill="#bbf7d0"/>` +
    blocks +
    `<path d="M0 130C120 110 200 180 300 150S480 60 560 110 700 230 800 200" fill="none" stroke="#93c5fd" stroke-width="26" stroke-linecap="round"/>` +
    `<path d="${roads.join('')}" stroke="#fff" stroke-width="12"/>` +
    `<path d="M0 450L330 215 800 0" fill="none" stroke="#fff" stroke-width="18"/>` +
    `<path d="M0 450L330 215 800 0" fill="none" stroke="${C.amber}" stroke-width="6" opacity=".7"/>` +
    `<path d="M270 0v450" stroke="#cbd5e1" stroke-width="4" stroke-dasharray="14 10"/>` +
    `<ellipse cx="400" cy="262" rx="22" ry="7" fill="${C.navy}" opacity=".25"/>` +
    `<path d="M400 262c-8-22-36-44-36-74a36 36 0 0 1 72 0c0 30-28 52-36 74z" fill="${C.blue}"/>` +
    `<circle cx="400" cy="188" r="14" fill="#fff"/>` +
    `<rect x="0" y="0" width="800" height="450" fill="none" stroke="#cbd5e1" stroke-width="4"/>`;
  write('demo/map-pune.svg', svg(800, 450, 'Map of an office location', '', body), 6144);
}

/* ---------------------------------------------------------------- logos */

/** The 'i' mark on a 64x64 rounded square. */
const LOGO_DEFS = lin('lg', C.navy, C.blue);
const logoMark =
  `<rect width="64" height="64" rx="14" fill="url(#lg)"/>` +
  `<path d="M40 52H18L46 12v40z" fill="${C.teal}" opacity=".55"/>` +
  `<rect x="26" y="27" width="12" height="26" rx="3" fill="${C.light}"/>` +
  `<circle cx="32" cy="16" r="7" fill="${C.amber}"/>`;

// No firm's name in the site's own images (docs/design.md §20): the header shows the company's name beside the mark.
write('images/logo.svg', svg(64, 64, 'Logo', LOGO_DEFS, logoMark), 2048);
write('favicon.svg', svg(64, 64, 'Logo', LOGO_DEFS, logoMark), 2048);
// What a public page shows for an image that does not load: a picture frame, no words.
write(
  'images/default-logo.svg',
  svg(
    200,
    200,
    'Image not available',
    '',
    `<rect width="200" height="200" rx="24" fill="#f1f5f9"/>` +
      `<rect x="50" y="56" width="100" height="88" rx="12" fill="none" stroke="#94a3b8" stroke-width="8"/>` +
      `<circle cx="80" cy="86" r="10" fill="#94a3b8"/>` +
      `<path d="M58 136l30-30 18 18 14-14 26 26z" fill="#94a3b8"/>`,
  ),
  2048,
);

/* ---------------------------------------------------------------- the demo company's logo (1200x630 PNG) */

{
  // The 'i' mark, large, on a light card with the slides' soft circles: the size social networks show a
  // shared page's card at.
  const scale = 5;
  const card = svg(
    1200,
    630,
    'Demo company logo',
    LOGO_DEFS,
    `<rect width="1200" height="630" fill="${C.light}"/>` +
      `<circle cx="1110" cy="70" r="250" fill="${C.blue}" opacity=".08"/>` +
      `<circle cx="110" cy="610" r="220" fill="${C.teal}" opacity=".12"/>` +
      `<circle cx="250" cy="120" r="60" fill="${C.amber}" opacity=".18"/>` +
      `<g transform="translate(${600 - 32 * scale} ${315 - 32 * scale}) scale(${scale})">${logoMark}</g>`,
  );
  const png = await sharp(Buffer.from(card)).png({ compressionLevel: 9, palette: true }).toBuffer();
  const rel = 'demo/logo.png';
  const maxBytes = 40 * 1024;
  if (png.length > maxBytes) throw new Error(`${rel} is ${png.length} bytes, over its ${maxBytes}-byte budget`);
  const file = join(PUBLIC, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png);
  written.push([rel, png.length]);
}

for (const [rel, bytes] of written) console.log(`${String(bytes).padStart(6)}  public/${rel}`);
console.log(`${written.length} images written.`);
