"""Train the photo reader's digit classifier and write solver/photo/digits.bin.

    .venv/bin/python scripts/build_digit_model.py [--photos 1000] [--seed 1] [--epochs 40]
                                                  [--out FILE]

The training data is rendered, never downloaded nor taken from real photos: synthetic
photos of grids printed in the fonts of Debian packages (scripts/render_grid.py installs
them), each read by the same code as a real photo (solver.photo: grid, cells, glyphs), so
the classifier learns the glyphs exactly as the reader will hand them over. numpy trains a
GLYPH^2 -> HIDDEN -> 9 network on those glyphs and a copy of each squeezed sideways;
the same seed gives the same file.
"""

import argparse
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from render_grid import MODEL_FONTS, font_files, font_names, install_fonts, render_photo  # noqa: E402

from solver.model.errors import PuzzleError  # noqa: E402
from solver.photo import SIZE, cell_inks, grid_sampler  # noqa: E402
from solver.photo.cells import GLYPH, glyph  # noqa: E402
from solver.photo.classify import MODEL, pack, unpack  # noqa: E402

HIDDEN = 48
FILLED = 0.45  # share of cells with a digit in a synthetic grid
SHAPES = ((640, 480), (480, 640), (720, 960))
NARROW = (0.55, 0.95)  # how far the augmented copies are squeezed sideways


def glyphs_of(seed: int) -> list[tuple[list[float], int]]:
    """(glyph, digit) for every digit cell the reader finds ink in, in one synthetic photo
    (two in three worn: heavy or faint print, frames, broken lines, small, blurred);
    none when the reader's corners miss the true ones (it would learn shifted cells)."""
    rng = random.Random(seed)
    digits = [rng.randint(1, 9) if rng.random() < FILLED else 0 for _ in range(SIZE * SIZE)]
    gray, width, height, corners = render_photo(digits, seed, SHAPES[seed % len(SHAPES)],
                                                worn=seed % 3 != 0)
    try:
        sampler, found = grid_sampler(gray, width, height)
    except PuzzleError:
        return []
    cell = (width + height) / 2 / SIZE / 2
    if max(abs(a - b) for p, q in zip(found, corners, strict=True)
           for a, b in zip(p, q, strict=True)) > cell / 3:
        return []
    inks, _ = cell_inks(sampler)
    return [(glyph(sampler, index % SIZE, index // SIZE, ink), digit)
            for index, (ink, digit) in enumerate(zip(inks, digits, strict=True))
            if digit and ink.box]


def dataset(seeds: range) -> tuple[np.ndarray, np.ndarray]:
    pairs = []
    for done, seed in enumerate(seeds):
        pairs += glyphs_of(seed)
        if done % 100 == 99:
            print(f"  {done + 1} photos, {len(pairs)} glyphs", flush=True)
    x = np.array([p[0] for p in pairs], dtype=np.float32)
    y = np.array([p[1] - 1 for p in pairs], dtype=np.int64)
    return x, y


def with_narrow_copies(x: np.ndarray, y: np.ndarray, seed: int) -> tuple[np.ndarray,
                                                                       np.ndarray]:
    """The glyphs and, after them, a copy of each squeezed sideways about its centre by a
    random factor in NARROW: condensed faces print a 7 whose short bar reads as a 1's flag
    to a model that has seen only the fonts' own widths."""
    rng = np.random.default_rng([seed, 2])
    images = x.reshape(len(x), GLYPH, GLYPH)
    centre = (GLYPH - 1) / 2
    columns = np.arange(GLYPH)
    narrow = np.zeros_like(images)
    for n, factor in enumerate(rng.uniform(*NARROW, len(x))):
        source = centre + (columns - centre) / factor  # where each column comes from
        left = np.floor(source).astype(int)
        share = (source - left).astype(np.float32)
        inside = (left >= 0) & (left < GLYPH - 1)
        left = np.clip(left, 0, GLYPH - 2)
        picked = images[n][:, left] * (1 - share) + images[n][:, left + 1] * share
        narrow[n] = picked * inside
    return np.concatenate([x, narrow.reshape(len(x), -1)]), np.concatenate([y, y])


def train(x: np.ndarray, y: np.ndarray, epochs: int, seed: int) -> list:
    """A ReLU network fitted by Adam on softmax cross-entropy; its layers as float lists."""
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0, (2 / x.shape[1]) ** 0.5, (x.shape[1], HIDDEN)).astype(np.float32)
    b1 = np.zeros(HIDDEN, np.float32)
    w2 = rng.normal(0, (2 / HIDDEN) ** 0.5, (HIDDEN, 9)).astype(np.float32)
    b2 = np.zeros(9, np.float32)
    params = [w1, b1, w2, b2]
    moments = [[np.zeros_like(p), np.zeros_like(p)] for p in params]
    step, rate, batch = 0, 2e-3, 128
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            index = order[start:start + batch]
            grads = gradients(params, x[index], y[index])
            step += 1
            for p, g, m in zip(params, grads, moments, strict=True):
                m[0] = 0.9 * m[0] + 0.1 * g
                m[1] = 0.999 * m[1] + 0.001 * g * g
                mean, spread = m[0] / (1 - 0.9 ** step), m[1] / (1 - 0.999 ** step)
                p -= rate * mean / (np.sqrt(spread) + 1e-8)
        if epoch % 10 == 9:
            rate *= 0.5
            print(f"  epoch {epoch + 1}: training accuracy {accuracy(params, x, y):.4f}")
    return [w1.T.tolist(), b1.tolist(), w2.T.tolist(), b2.tolist()]


def forward(params, x):
    w1, b1, w2, b2 = params
    hidden = np.maximum(0, x @ w1 + b1)
    scores = hidden @ w2 + b2
    scores -= scores.max(axis=1, keepdims=True)
    probabilities = np.exp(scores)
    return hidden, probabilities / probabilities.sum(axis=1, keepdims=True)


def gradients(params, x, y):
    w1, b1, w2, b2 = params
    hidden, probabilities = forward(params, x)
    d_scores = probabilities
    d_scores[np.arange(len(y)), y] -= 1
    d_scores /= len(y)
    d_hidden = (d_scores @ w2.T) * (hidden > 0)
    decay = 1e-4
    return [x.T @ d_hidden + decay * w1, d_hidden.sum(0), hidden.T @ d_scores + decay * w2,
            d_scores.sum(0)]


def accuracy(params, x, y) -> float:
    return float((forward(params, x)[1].argmax(1) == y).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=int, default=1000, help="synthetic photos to train on")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--out", type=Path, default=MODEL,
                        help="where to write the model (another path: to compare two builds)")
    args = parser.parse_args()
    install_fonts()
    first = args.seed * 1_000_000
    print("rendering training photos")
    x, y = dataset(range(first, first + args.photos))
    print("rendering check photos")
    check_x, check_y = dataset(range(first + args.photos, first + args.photos + args.photos // 5))
    layers = train(*with_narrow_copies(x, y, args.seed), args.epochs, args.seed)
    data = pack(*layers)
    network = unpack(data)
    right = sum(int(np.argmax(network.probabilities(g.tolist()))) == d
                for g, d in zip(check_x, check_y, strict=True))
    print(f"{len(x)} training glyphs; held-out synthetic glyphs right after int8 packing: "
          f"{right}/{len(check_y)} ({right / len(check_y):.2%})")
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data)} bytes)")
    if args.out == MODEL:  # the fonts this model saw: the photo tests skip under others
        MODEL_FONTS.write_text("\n".join(font_names(font_files())) + "\n")
        print(f"wrote {MODEL_FONTS}")


if __name__ == "__main__":
    main()
