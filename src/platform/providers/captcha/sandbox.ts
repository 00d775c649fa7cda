/**
 * The sandbox slider-captcha provider: draws a random background and a puzzle-piece gap as SVG, and
 * the matching piece as a second SVG.
 *
 * Honest limits: this stops nobody who tries. The gap is drawn in the SVG markup itself, so a bot
 * that base64-decodes `image` (or `piece`, which is cut from the scene at the gap's offset) reads
 * the gap's x straight from the coordinates; a bitmap would not be much harder, since image
 * matching finds a darkened puzzle hole easily. What the server
 * does enforce holds with any provider: the target stays in the database, each puzzle takes one
 * answer, and a verify_key is single-use and bound to its web_action, so solving costs a round trip
 * per SMS or per password attempt. Production plugs a real provider (one with behavioural and
 * risk scoring on its side) into the SliderCaptchaProvider port of ./port.ts.
 */
import { randomInt } from 'node:crypto';
import type { SliderCaptchaProvider, SliderPuzzleDrawing, SliderPuzzleGeometry } from '~/platform/providers/captcha/port';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A muted palette, so the darkened gap stays visible on any of them. */
const PALETTE = ['#5b8def', '#43b581', '#f2a65a', '#e06c75', '#9b7fe6', '#46c3c9', '#d4c44a', '#7a8ca3'];

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

function toDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * The piece's outline inside its `size` square, as SVG shapes: a body square with a knob on top and
 * one on the right, all inside the square (size 44: body 2..36 x 8..42, knobs of radius 6).
 */
function pieceShapes(size: number): string {
  const unit = size / 44;
  const f = (n: number): string => (n * unit).toFixed(2);
  return [
    `<rect x="${f(2)}" y="${f(8)}" width="${f(34)}" height="${f(34)}" rx="${f(3)}"/>`,
    `<circle cx="${f(19)}" cy="${f(8)}" r="${f(6)}"/>`,
    `<circle cx="${f(36)}" cy="${f(25)}" r="${f(6)}"/>`,
  ].join('');
}

/** A background of a gradient and a scatter of shapes, different on every call. */
function background(width: number, height: number): string {
  const [from, to] = [pick(PALETTE), pick(PALETTE)];
  const shapes: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const color = pick(PALETTE);
    const opacity = (0.35 + randomInt(50) / 100).toFixed(2);
    const x = randomInt(width);
    const y = randomInt(height);
    switch (randomInt(3)) {
      case 0:
        shapes.push(`<circle cx="${x}" cy="${y}" r="${8 + randomInt(28)}" fill="${color}" fill-opacity="${opacity}"/>`);
        break;
      case 1:
        shapes.push(
          `<rect x="${x}" y="${y}" width="${12 + randomInt(50)}" height="${10 + randomInt(40)}" fill="${color}" fill-opacity="${opacity}" transform="rotate(${randomInt(90)} ${x} ${y})"/>`,
        );
        break;
      default:
        shapes.push(
          `<polygon points="${x},${y} ${x + 20 + randomInt(40)},${y + randomInt(30)} ${x + randomInt(30)},${y + 20 + randomInt(40)}" fill="${color}" fill-opacity="${opacity}"/>`,
        );
    }
  }
  for (let i = 0; i < 4; i += 1) {
    shapes.push(
      `<path d="M0 ${randomInt(height)} Q${randomInt(width)} ${randomInt(height)} ${width} ${randomInt(height)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${1 + randomInt(3)}" fill="none"/>`,
    );
  }
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    shapes.join('')
  );
}

/** Draws one puzzle: the background with the gap at (targetX, pieceY), and the piece cut from the same background. */
export function drawSandboxPuzzle(puzzle: SliderPuzzleGeometry): SliderPuzzleDrawing {
  const { width, height, pieceSize, targetX, pieceY } = puzzle;
  const scene = background(width, height);
  const outline = pieceShapes(pieceSize);

  const image =
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    scene +
    // Group opacity, so the overlapping body and knobs darken evenly.
    `<g transform="translate(${targetX} ${pieceY})"><g fill="#000000" opacity="0.5">${outline}</g>` +
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="1.5">${outline}</g></g>` +
    `</svg>`;

  const piece =
    `<svg xmlns="${SVG_NS}" width="${pieceSize}" height="${pieceSize}" viewBox="0 0 ${pieceSize} ${pieceSize}">` +
    `<defs><clipPath id="piece">${outline}</clipPath></defs>` +
    `<g clip-path="url(#piece)"><g transform="translate(${-targetX} ${-pieceY})">${scene}</g></g>` +
    `<g fill="none" stroke="#ffffff" stroke-width="2">${outline}</g>` +
    `</svg>`;

  return { image: toDataUrl(image), piece: toDataUrl(piece) };
}

export const sandboxCaptchaProvider: SliderCaptchaProvider = { draw: drawSandboxPuzzle };
