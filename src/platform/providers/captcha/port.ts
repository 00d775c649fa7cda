/**
 * The slider-captcha port (services/captcha.ts keeps the puzzle's answer in the database and asks
 * an adapter only to draw it). The sandbox adapter is ./sandbox.ts; a provider with behavioural
 * and risk scoring on its side would plug in here (docs/providers-sign-in.md).
 */

/** What a provider draws for one puzzle. */
export interface SliderPuzzleDrawing {
  /** data:image/svg+xml;base64,... of the background with the gap. */
  image: string;
  /** data:image/svg+xml;base64,... of the piece, piece_size square. */
  piece: string;
}

/** Where the gap is and how big everything is, in puzzle pixels. */
export interface SliderPuzzleGeometry {
  width: number;
  height: number;
  pieceSize: number;
  targetX: number;
  pieceY: number;
}

export interface SliderCaptchaProvider {
  draw(puzzle: SliderPuzzleGeometry): SliderPuzzleDrawing;
}
