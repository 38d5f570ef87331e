"""Synthetic sudoku photos: a 9x9 grid printed in a font, photographed at a slant, in uneven
light, blurred, noisy and JPEG-compressed. The digit model trains on these
(scripts/build_digit_model.py) and the photo tests read them back (tests/test_photo.py).
Needs Pillow and numpy (requirements-dev.txt); the fonts come from Debian packages
(FONT_PACKAGES)."""

import io
import random
import shutil
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from solver.photo.grid import homography

# The fonts the digit model trains on (solver/photo/digits.bin was built with exactly these:
# a font more or less changes which font a seed draws, and so the model, byte for byte).
FONT_PACKAGES = ("fonts-dejavu-core", "fonts-dejavu-extra", "fonts-liberation",
                 "fonts-urw-base35", "fonts-freefont-ttf", "fonts-open-sans",
                 "fonts-roboto-unhinted", "fonts-lato", "fonts-crosextra-carlito",
                 "fonts-cantarell", "fonts-linuxlibertine", "fonts-texgyre",
                 "fonts-droid-fallback", "fonts-noto-mono")
FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/opentype"))
FONT_ROOTS = tuple(str(folder) + "/" for folder in FONT_DIRS)
# Faces no newspaper prints a sudoku in: slanted, hairline, symbol and script ones.
SKIP_FACES = ("Italic", "Oblique", "Ita.", "Hairline", "Thin", "Math", "Symbol", "D050000L",
              "Z003", "ExtraLight", "chorus", "Keyboard", "Biolinum_K")  # _K: keycaps


# The font files solver/photo/digits.bin was built with (scripts/build_digit_model.py writes
# it): the photo tests' floors hold for renders in exactly these.
MODEL_FONTS = Path(__file__).with_name("digit_model_fonts.txt")


def missing_font_packages() -> list[str]:
    """The FONT_PACKAGES not installed (scripts/setup.sh installs them); none off Debian,
    where there is no dpkg to install them with (the photo tests then skip, saying why)."""
    if shutil.which("dpkg") is None:
        return []
    return [name for name in FONT_PACKAGES
            if subprocess.run(["dpkg", "-s", name], capture_output=True).returncode]


def install_fonts() -> None:
    """Install the Debian font packages the renderer draws with (needs root)."""
    missing = missing_font_packages()
    if missing:
        subprocess.run(["apt-get", "install", "-y", "-q", *missing], check=True)


def font_names(fonts: list[Path]) -> list[str]:
    """The font files as MODEL_FONTS lists them: relative to /usr/share/fonts."""
    return [path.relative_to(FONT_DIRS[0].parent).as_posix() for path in fonts]


def font_difference() -> str | None:
    """Why renders here differ from the ones the digit model was built with (other fonts
    installed, so a seed draws another font), or None when the fonts are the same."""
    here, model = set(font_names(font_files())), set(MODEL_FONTS.read_text().split())
    if here == model:
        return None
    missing, extra = sorted(model - here), sorted(here - model)
    example = (missing or extra)[0]
    return (f"the renderer's fonts differ from those the digit model was built with "
            f"({MODEL_FONTS.name}): {len(missing)} missing, {len(extra)} extra (e.g. "
            f"{example}); scripts/setup.sh installs FONT_PACKAGES")


def font_files() -> list[Path]:
    """Every upright font file of the installed FONT_PACKAGES, in a stable order."""
    # Only these packages' files: fonts that other packages bring (a browser's) would change
    # which font a seed draws, and so every rendered photo.
    if shutil.which("dpkg") is None:
        return []
    listed = subprocess.run(["dpkg", "-L", *FONT_PACKAGES], capture_output=True, text=True)
    found = [Path(line) for line in listed.stdout.splitlines()
             if line.endswith((".ttf", ".otf")) and line.startswith(FONT_ROOTS)]
    return sorted(path for path in found if path.is_file()
                  and not any(skip in path.name for skip in SKIP_FACES))


HEAVY_FACES = ("Bold", "Black", "Heavy")


class Wear:
    """What cheap print and a poor camera add on top of the plain render, drawn from its own
    seeded stream (a plain render stays the same): ink bleeding into heavy blobs, faint grey
    ink, a printed frame around the grid, broken lines, a small grid far from the camera."""

    def __init__(self, seed: int):
        rng = random.Random(f"wear {seed}")
        self.heavy = rng.random() < 0.4  # a bold face, its strokes spread further
        self.bleed = rng.uniform(0.015, 0.06) if self.heavy else 0.0  # of a cell, per side
        self.faint = rng.random() < 0.3  # ink not far from the paper's grey
        self.frame = rng.random() < 0.3  # a printed box around the grid, off its lines
        self.gaps = rng.randint(0, 12) if rng.random() < 0.3 else 0  # breaks in the lines
        self.small = rng.random() < 0.4  # the grid a third of the photo or so
        self.blur = rng.uniform(1.2, 2.6) if rng.random() < 0.5 else None
        self.rng = rng

    def font(self, fonts: list[Path]) -> Path | None:
        """A heavy face when the print is heavy, else None (any face)."""
        heavy = [path for path in fonts if any(face in path.name for face in HEAVY_FACES)]
        return self.rng.choice(heavy) if self.heavy and heavy else None


def draw_grid(digits: list[int], font_path: Path, rng: random.Random, cell: int,
              margin: int, wear: Wear | None = None) -> Image.Image:
    """The printed grid, flat: white paper, thin cell lines, thick box lines, the digits."""
    side = 9 * cell + 2 * margin
    paper = rng.randint(200, 255)
    image = Image.new("L", (side, side), paper)
    draw = ImageDraw.Draw(image)
    ink = rng.randint(0, 70)
    if wear and wear.faint:
        ink = paper - wear.rng.randint(50, 110)
    thin = rng.randint(1, max(1, cell // 25))
    thick = thin + rng.randint(1, max(2, cell // 12))
    for k in range(10):
        width = thick if k % 3 == 0 else thin
        at = margin + k * cell
        draw.line([(at, margin), (at, margin + 9 * cell)], fill=ink, width=width)
        draw.line([(margin, at), (margin + 9 * cell, at)], fill=ink, width=width)
    font = ImageFont.truetype(str(font_path), int(cell * rng.uniform(0.55, 0.85)))
    bold = 1 if rng.random() < 0.2 else 0  # ink spread on newsprint thickens strokes
    if wear:
        bold = max(bold, round(wear.bleed * cell))
        wear_lines(draw, wear, cell, margin, paper, ink)
    room = margin - cell // 2  # print around the grid stays off it
    for _ in range(rng.randint(0, 6) if room > 0 else 0):  # the newspaper's print
        words = "".join(rng.choice("abcdefghij klmnop 0123456789") for _ in range(30))
        at = (rng.randint(0, side // 2), rng.choice((rng.randint(0, room), side - room)))
        draw.text(at, words, fill=ink, font=ImageFont.truetype(str(font_path), cell // 3))
    for index, digit in enumerate(digits):
        if digit:
            x = margin + (index % 9 + 0.5 + rng.uniform(-0.06, 0.06)) * cell
            y = margin + (index // 9 + 0.5 + rng.uniform(-0.06, 0.06)) * cell
            draw.text((x, y), str(digit), fill=ink, font=font, anchor="mm", stroke_width=bold,
                      stroke_fill=ink)
    return image


def wear_lines(draw: ImageDraw.ImageDraw, wear: Wear, cell: int, margin: int, paper: int,
               ink: int) -> None:
    """A frame printed around the grid, off its border, and gaps of paper across its lines."""
    rng, grid = wear.rng, 9 * cell
    if wear.frame and margin > cell // 3:
        away = rng.randint(max(2, cell // 8), margin - 2)
        draw.rectangle([margin - away, margin - away, margin + grid + away, margin + grid + away],
                       outline=ink, width=rng.randint(1, max(1, cell // 12)))
    for _ in range(wear.gaps):
        k, along = rng.randint(0, 9), margin + rng.uniform(0, grid)
        at, half, across = margin + k * cell, rng.randint(1, max(1, cell // 6)), cell // 10
        box = (at - across, along - half, at + across, along + half)
        draw.rectangle(box if rng.random() < 0.5 else (box[1], box[0], box[3], box[2]),
                       fill=paper)


def photograph(flat: Image.Image, rng: random.Random, size: tuple[int, int],
               cell: int, margin: int, wear: Wear | None = None) -> tuple[Image.Image, list]:
    """The flat grid seen by a phone: placed at a slant on a background of `size`, with a
    light gradient, blur, noise and JPEG artefacts. Also the grid's corners in the photo."""
    width, height = size
    side = min(width, height) * rng.uniform(0.55, 0.92)
    if wear and wear.small:
        side = min(width, height) * wear.rng.uniform(0.38, 0.55)
    cx = width / 2 + rng.uniform(-0.1, 0.1) * (width - side)
    cy = height / 2 + rng.uniform(-0.1, 0.1) * (height - side)
    jitter = side * 0.06
    corners = [(cx + sx * side / 2 + rng.uniform(-jitter, jitter),
                cy + sy * side / 2 + rng.uniform(-jitter, jitter))
               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    grid_side = 9 * cell
    low, high = margin, margin + grid_side
    flat_corners = [(low, low), (high, low), (high, high), (low, high)]
    background = Image.new("L", size, rng.randint(90, 200))
    warped = flat.transform(size, Image.Transform.PERSPECTIVE,
                            homography(corners, flat_corners),
                            Image.Resampling.BILINEAR, fillcolor=None)
    mask = Image.new("L", flat.size, 255).transform(
        size, Image.Transform.PERSPECTIVE, homography(corners, flat_corners),
        Image.Resampling.BILINEAR)
    background.paste(warped, (0, 0), mask)
    blur = rng.uniform(0.3, 1.3) if rng.random() < 0.7 else rng.uniform(1.3, 2.4)  # out of focus
    if wear and wear.blur:
        blur = wear.blur * min(width, height) / 480  # the same softness at any resolution
    photo = lighten(background, rng).filter(ImageFilter.GaussianBlur(blur))
    sigma = rng.uniform(2, 12)
    quality = rng.randint(40, 90)
    photo = Image.blend(photo, sensor_noise(size, sigma, rng.getrandbits(64)), 0.08)
    buffer = io.BytesIO()
    photo.save(buffer, "JPEG", quality=quality)
    return Image.open(io.BytesIO(buffer.getvalue())).convert("L"), corners


def sensor_noise(size: tuple[int, int], sigma: float, seed: int) -> Image.Image:
    """Grey Gaussian noise around 128, fixed by `seed`. Not Pillow's `Image.effect_noise`:
    its C code draws from the C library's global rand(), which no Python seed controls, so
    the same seed rendered twice in one process gave two photos (and every earlier render
    changed the later ones)."""
    width, height = size
    values = np.random.default_rng(seed).normal(128.0, sigma, (height, width))
    return Image.fromarray(values.clip(0, 255).astype(np.uint8), "L")


def lighten(image: Image.Image, rng: random.Random) -> Image.Image:
    """Uneven light: a linear gradient from darker to full across the photo."""
    width, height = image.size
    gradient = Image.linear_gradient("L").resize((width, height)).rotate(
        rng.uniform(0, 360), fillcolor=255)
    low = rng.uniform(0.45, 1.0)
    shade = gradient.point(lambda v: int(255 * (low + (1 - low) * v / 255)))
    return Image.composite(image, Image.new("L", image.size, 0), shade)


def render_photo(digits: list[int], seed: int, size: tuple[int, int] = (640, 480),
                 font_path: Path | None = None, worn: bool = False) -> tuple[bytes, int, int, list]:
    """A synthetic photo of the 81 `digits` (0 = empty): grey bytes, width, height and the
    grid's corners, all fixed by `seed`; `worn` adds a `Wear` of the same seed."""
    rng = random.Random(seed)
    fonts = font_files()
    font = font_path or fonts[rng.randrange(len(fonts))]
    cell = rng.randint(40, 70)
    margin = int(cell * rng.uniform(0.5, 3))
    wear = Wear(seed) if worn else None
    font = (wear and not font_path and wear.font(fonts)) or font
    flat = draw_grid(digits, font, rng, cell, margin, wear)
    photo, corners = photograph(flat, rng, size, cell, margin, wear)
    return photo.tobytes(), size[0], size[1], corners
