"""The digit classifier: a small two-layer network whose weights ship as a data file
(digits.bin, written by scripts/build_digit_model.py from font-rendered digits), run in
pure Python."""

import math
import struct
from array import array
from operator import mul
from pathlib import Path

MODEL = Path(__file__).with_name("digits.bin")
MAGIC = b"SDG1"
HEADER = "<4sHHHff"  # magic, inputs, hidden units, outputs, weight scales of both layers


class Network:
    """inputs -> ReLU hidden layer -> softmax over the digits 1..outputs."""

    def __init__(self, hidden: list[list[float]], hidden_bias: list[float],
                 output: list[list[float]], output_bias: list[float]) -> None:
        self.hidden, self.hidden_bias = hidden, hidden_bias
        self.output, self.output_bias = output, output_bias

    def probabilities(self, inputs: list[float]) -> list[float]:
        """One probability per digit 1..n, summing to 1."""
        hidden = [max(0.0, sum(map(mul, weights, inputs)) + bias)
                  for weights, bias in zip(self.hidden, self.hidden_bias, strict=True)]
        scores = [sum(map(mul, weights, hidden)) + bias
                  for weights, bias in zip(self.output, self.output_bias, strict=True)]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]


def pack(hidden: list[list[float]], hidden_bias: list[float], output: list[list[float]],
         output_bias: list[float]) -> bytes:
    """The data file for a network given as lists of float rows (weights as int8)."""
    scales = [max(abs(w) for row in layer for w in row) / 127 or 1.0 for layer in (hidden, output)]
    data = struct.pack(HEADER, MAGIC, len(hidden[0]), len(hidden), len(output), *scales)
    for layer, bias, scale in ((hidden, hidden_bias, scales[0]), (output, output_bias, scales[1])):
        data += array("b", [round(w / scale) for row in layer for w in row]).tobytes()
        data += array("f", bias).tobytes()
    return data


def unpack(data: bytes) -> Network:
    """The network stored by `pack`."""
    magic, inputs, units, outputs, scale1, scale2 = struct.unpack_from(HEADER, data)
    if magic != MAGIC:
        raise ValueError("not a digit model file")
    offset = struct.calcsize(HEADER)
    layers: list[tuple[list[list[float]], list[float]]] = []  # (weight rows, biases)
    for rows, columns, scale in ((units, inputs, scale1), (outputs, units, scale2)):
        weights = array("b", data[offset:offset + rows * columns])
        offset += rows * columns
        bias = array("f", data[offset:offset + 4 * rows])
        offset += 4 * rows
        layers.append(([[w * scale for w in weights[r * columns:(r + 1) * columns]]
                        for r in range(rows)], list(bias)))
    (hidden, hidden_bias), (output, output_bias) = layers
    return Network(hidden, hidden_bias, output, output_bias)


_loaded: list[Network] = []


def network() -> Network:
    """The shipped network, read once."""
    if not _loaded:
        _loaded.append(unpack(MODEL.read_bytes()))
    return _loaded[0]
