"""Our own font and piece icons for JMC (drawn for Retroscope, not taken from
the game): a 3x5 font, and 8x8 icons drawn at twice the height on MODE 2's
wide pixels."""

from __future__ import annotations

from . import model

# Each glyph: five rows of three bits (octal digits, top row first).
FONT: dict[str, str] = {
    "A": "25755", "B": "65656", "C": "34443", "D": "65556", "E": "74647", "F": "74644",
    "G": "34553", "H": "55755", "I": "72227", "J": "11152", "K": "55655", "L": "44447",
    "M": "57755", "N": "65555", "O": "25552", "P": "65644", "Q": "25563", "R": "65655",
    "S": "34216", "T": "72222", "U": "55557", "V": "55552", "W": "55775", "X": "55255",
    "Y": "55222", "Z": "71247",
    "0": "75557", "1": "26227", "2": "61247", "3": "61216", "4": "55711", "5": "74616",
    "6": "34757", "7": "71222", "8": "75757", "9": "75716",
    " ": "00000", ".": "00002", ",": "00024", ":": "02020", "-": "00700", "/": "11244",
    "?": "61202", "!": "22202", "(": "12221", ")": "42224", "'": "22000", "=": "07070",
    "+": "02720", "#": "57575", ">": "42124", "<": "12421", "$": "36236", "*": "05250",
}


def glyph(ch: str) -> list[list[int]]:
    code = FONT.get(ch.upper(), FONT["?"])
    return [[int(d, 8) >> (2 - i) & 1 for i in range(3)] for d in code]


def _art(*rows: str) -> list[list[int]]:
    return [[1 if c == "#" else 0 for c in row] for row in rows]


_PICTURES = {
    model.SPY: _art("..####..", ".######.", "########", "..#..#..", "..####..", "...##...",
                    "..####..", ".######."),
    model.ENGINEER: _art("...##...", "...##...", "...##...", "...##...", "..####..",
                         ".######.", ".######.", "..####.."),
    model.CAVALRY: _art("...###..", "..#####.", ".###.##.", "######..", "....##..",
                        "...###..", "..####..", ".######."),
    model.TANK: _art("........", "..####..", "..#####.", ".######.", "########",
                     "#.#.#.##", ".######.", "........"),
    model.PLANE: _art("...##...", "...##...", ".######.", "########", "...##...",
                      "...##...", "..####..", "........"),
    model.GENERAL: _art("........", "#..##..#", "##.##.##", "########", "########",
                        ".######.", ".######.", "........"),
    model.MINE: _art("...#....", "....#...", "..####..", ".######.", ".######.",
                     ".######.", "..####..", "........"),
    model.BANNER: _art("##......", "######..", "########", "######..", "##......",
                       "#.......", "#.......", "#......."),
}


def _officer(rank: int, bars: int) -> list[list[int]]:
    """An officer: the rank's digit, with one bar under a senior's, two under a flag
    officer's."""
    pic = [[0] * 8 for _ in range(8)]
    for y, row in enumerate(glyph(str(rank))):
        for x, bit in enumerate(row):
            if bit:
                pic[y][2 + x] = 1
    for b in range(bars):
        pic[6 + b][1:7] = [1] * 6
    return pic


def icon(kind: int) -> list[list[int]]:
    if kind in _PICTURES:
        return _PICTURES[kind]
    if model.JO1 <= kind <= model.JO3:
        return _officer(kind - model.JO1 + 1, 0)
    if model.SO4 <= kind <= model.SO6:
        return _officer(kind - model.SO4 + 4, 1)
    return _officer(kind - model.FO7 + 7, 2)
