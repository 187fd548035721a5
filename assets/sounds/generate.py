"""Synthesise the game's sounds: ``python assets/sounds/generate.py`` (writes NAME_N.wav next to this file).

Everything is made here from sine waves and filtered noise (no samples), seeded, so the output is the same on every
run. The sounds are short, soft (peaks well under full scale, gentle attacks, low-passed noise) and come in a few
takes per name so that repeated actions do not sound mechanical. Our own work, CC0.
"""

from __future__ import annotations

import math
import random
import wave
from array import array
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent
TAU = 2 * math.pi


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix_into(buffer: list[float], sound: list[float], at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    need = start + len(sound)
    if need > len(buffer):
        buffer.extend([0.0] * (need - len(buffer)))
    for i, v in enumerate(sound):
        buffer[start + i] += v * gain


def lowpass(samples: list[float], cutoff: float, poles: int = 2) -> list[float]:
    """Cascaded one-pole low-pass (6 dB/octave per pole; two by default, so noise stays soft)."""
    a = 1 - math.exp(-TAU * cutoff / RATE)
    out = samples
    for _ in range(poles):
        filtered, y = [], 0.0
        for v in out:
            y += a * (v - y)
            filtered.append(y)
        out = filtered
    return out


def highpass(samples: list[float], cutoff: float) -> list[float]:
    low = lowpass(samples, cutoff, poles=1)
    return [v - l for v, l in zip(samples, low, strict=True)]


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]


def envelope(samples: list[float], attack: float, decay: float, curve: float = 1.0) -> list[float]:
    """Linear attack of ``attack`` s then exponential decay with time constant ``decay`` s."""
    out = []
    na = max(1, int(attack * RATE))
    for i, v in enumerate(samples):
        t = i / RATE
        if i < na:
            g = (i / na) ** curve
        else:
            g = math.exp(-(t - attack) / decay)
        out.append(v * g)
    return out


def fade_out(samples: list[float], seconds: float = 0.02) -> list[float]:
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[len(samples) - n + i] *= 1 - (i + 1) / n
    return samples


def tone(freq: float, seconds: float, partials=((1, 1.0, 1.0),), attack=0.004, decay=0.25,
         glide: float = 0.0, vibrato: float = 0.0) -> list[float]:
    """Sum of partials (ratio, amplitude, decay factor) with an exponential envelope; optional pitch glide."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for ratio, amp, dfac in partials:
        phase = 0.0
        d = decay * dfac
        for i in range(n):
            t = i / RATE
            f = freq * ratio * (1 + glide * t / seconds) * (1 + vibrato * math.sin(TAU * 5.5 * t))
            phase += TAU * f / RATE
            g = (t / attack) if t < attack else math.exp(-(t - attack) / d)
            out[i] += amp * g * math.sin(phase)
    return fade_out(out, 0.03)  # never stop a ringing note abruptly (that clicks)


def marimba(freq: float, seconds: float = 0.6, decay: float = 0.18) -> list[float]:
    return tone(freq, seconds, ((1, 1.0, 1.0), (3.93, 0.22, 0.35), (9.2, 0.04, 0.15)), attack=0.003, decay=decay)


def bell(freq: float, seconds: float = 1.0, decay: float = 0.4) -> list[float]:
    return tone(freq, seconds, ((1, 1.0, 1.0), (2.76, 0.35, 0.5), (5.4, 0.12, 0.25), (2.0, 0.2, 0.8)),
                attack=0.004, decay=decay)


def normalise(samples: list[float], peak: float) -> list[float]:
    top = max(1e-9, max(abs(v) for v in samples))
    return [v * peak / top for v in samples]


# --- the sounds --------------------------------------------------------------

def card_play(take: int, rng: random.Random) -> list[float]:
    """A soft card landing on felt: a short low-passed swish and a muted thump."""
    swish = envelope(lowpass(highpass(noise(0.16, rng), 300), 2600 + 500 * take), 0.012, 0.035)
    thump = tone(120 + 15 * take, 0.12, ((1, 1.0, 1.0), (2.1, 0.3, 0.6)), attack=0.002, decay=0.03)
    out = silence(0.2)
    mix_into(out, swish, 0.0, 1.0)
    mix_into(out, thump, 0.018, 0.55)
    return fade_out(normalise(out, 0.42))


def card_draw(take: int, rng: random.Random) -> list[float]:
    """A card slid off the pile: noise swept upwards, quiet."""
    n = noise(0.22, rng)
    out, y = [], 0.0
    for i, v in enumerate(n):
        t = i / len(n)
        cutoff = 700 + (2400 + 400 * take) * t
        a = 1 - math.exp(-TAU * cutoff / RATE)
        y += a * (v - y)
        g = math.sin(math.pi * min(1.0, t * 1.15)) ** 1.5
        out.append(y * g)
    return fade_out(normalise(highpass(out, 250), 0.34))


def deal(take: int, rng: random.Random) -> list[float]:
    """A quick flick of a dealt card."""
    flick = envelope(lowpass(highpass(noise(0.09, rng), 600), 3200 + 300 * take), 0.004, 0.018)
    tick = tone(900 + 80 * take, 0.05, ((1, 1.0, 1.0),), attack=0.001, decay=0.008)
    out = silence(0.1)
    mix_into(out, flick, 0.0)
    mix_into(out, tick, 0.003, 0.18)
    return fade_out(normalise(out, 0.3))


def shuffle(take: int, rng: random.Random) -> list[float]:
    """A riffle shuffle: a quick run of small card flicks, then a settle."""
    out = silence(0.75)
    count = 16 + 3 * take
    t = 0.02
    for _ in range(count):
        flick = envelope(lowpass(highpass(noise(0.035, rng), 900), 3800), 0.002, 0.008)
        mix_into(out, flick, t, 0.5 + 0.5 * rng.random())
        t += 0.022 + 0.01 * rng.random()
    settle = envelope(lowpass(noise(0.12, rng), 1500), 0.01, 0.03)
    mix_into(out, settle, t + 0.03, 0.9)
    return fade_out(normalise(out, 0.36))


def token(take: int, rng: random.Random) -> list[float]:
    """A plastic token set on a pile: a short, rounded double clack."""
    out = silence(0.28)
    base = 1250 * (1 + 0.06 * (take - 1))
    for k, (at, gain) in enumerate(((0.0, 1.0), (0.045 + 0.01 * take, 0.45))):
        click = tone(base * (1 + 0.03 * k), 0.14, ((1, 1.0, 1.0), (1.58, 0.5, 0.6), (2.9, 0.18, 0.3)),
                     attack=0.0015, decay=0.028)
        mix_into(out, click, at, gain)
        mix_into(out, envelope(lowpass(noise(0.03, rng), 4000), 0.001, 0.006), at, 0.25 * gain)
    return fade_out(lowpass(normalise(out, 0.33), 6000))


def dice_roll(take: int, rng: random.Random) -> list[float]:
    """Dice tumbling on a felt tray: wooden knocks at shrinking intervals."""
    out = silence(0.8)
    t, gap = 0.0, 0.13 + 0.015 * take
    for _ in range(9 + take):
        if t > 0.66:
            break
        f = rng.uniform(380, 720)
        knock = tone(f, 0.08, ((1, 1.0, 1.0), (2.3, 0.4, 0.5)), attack=0.001, decay=0.014)
        mix_into(out, knock, t, rng.uniform(0.5, 1.0) * (1 - t))
        mix_into(out, envelope(lowpass(noise(0.04, rng), 2500), 0.001, 0.01), t, 0.35 * (1 - t))
        t += max(0.03, gap * rng.uniform(0.7, 1.2))
        gap *= 0.82
    return fade_out(normalise(out, 0.4))


def blowup(take: int, rng: random.Random) -> list[float]:
    """A gentle 'oh no': two soft descending notes with a little wobble."""
    out = silence(1.0)
    start = (392, 370, 415)[take % 3]
    for k, (f, at) in enumerate(((start, 0.0), (start * 0.75, 0.26))):
        note = tone(f, 0.65, ((1, 1.0, 1.0), (2, 0.35, 0.7), (3, 0.12, 0.5)), attack=0.03, decay=0.28,
                    glide=-0.12, vibrato=0.012 * (k + 1))
        mix_into(out, lowpass(note, 1800), at, 0.9 if k else 0.7)
    return fade_out(normalise(out, 0.38), 0.08)


def show_start(take: int, rng: random.Random) -> list[float]:
    """The Lamagic Show opens: a rising sparkle of bells over a soft chord."""
    out = silence(1.5)
    root = (523.25, 587.33, 493.88)[take % 3]
    ratios = (1, 1.26, 1.5, 2, 2.52, 3)
    for i, r in enumerate(ratios):
        mix_into(out, bell(root * r, 1.0, 0.35), 0.07 * i, 0.55)
    for r in (0.5, 0.63, 0.75):
        mix_into(out, lowpass(tone(root * r, 1.2, ((1, 1, 1),), attack=0.15, decay=0.5), 1500), 0.3, 0.25)
    for _ in range(10):
        mix_into(out, bell(root * rng.choice((4, 5, 6)), 0.3, 0.07), rng.uniform(0.35, 1.0), 0.18)
    return fade_out(normalise(out, 0.4), 0.1)


def turn(take: int, rng: random.Random) -> list[float]:
    """Your turn: a soft two-note marimba chime."""
    pairs = ((659.25, 880.0), (587.33, 783.99), (698.46, 932.33))
    a, b = pairs[take % 3]
    out = silence(0.55)
    mix_into(out, marimba(a, 0.45), 0.0, 0.8)
    mix_into(out, marimba(b, 0.45), 0.11, 1.0)
    return fade_out(normalise(out, 0.36))


def click(take: int, rng: random.Random) -> list[float]:
    """A UI click: a tiny wooden tick."""
    f = (1500, 1650, 1380)[take % 3]
    out = tone(f, 0.05, ((1, 1.0, 1.0), (2.4, 0.3, 0.5)), attack=0.0008, decay=0.006)
    mix_into(out, envelope(lowpass(noise(0.02, rng), 5000), 0.0005, 0.003), 0.0, 0.2)
    return fade_out(lowpass(normalise(out, 0.25), 7000), 0.005)


def win(take: int, rng: random.Random) -> list[float]:
    """A round or game won: a cheerful marimba run landing on a warm chord."""
    out = silence(1.7)
    root = (523.25, 587.33)[take % 2]
    run = (1, 1.26, 1.5, 2) if take % 2 == 0 else (1, 1.5, 1.26, 2)
    for i, r in enumerate(run):
        mix_into(out, marimba(root * r, 0.5, 0.16), 0.11 * i, 0.75)
    chord_at = 0.11 * len(run) + 0.05
    for r in (1, 1.26, 1.5, 2):
        mix_into(out, marimba(root * r, 1.0, 0.45), chord_at, 0.5)
        mix_into(out, bell(root * r * 2, 0.8, 0.3), chord_at + 0.01, 0.12)
    return fade_out(normalise(out, 0.42), 0.1)


SOUNDS = {
    "card_play": (card_play, 3), "card_draw": (card_draw, 3), "shuffle": (shuffle, 2), "deal": (deal, 3),
    "token": (token, 3), "dice_roll": (dice_roll, 3), "blowup": (blowup, 2), "show_start": (show_start, 2),
    "turn": (turn, 3), "click": (click, 3), "win": (win, 2),
}


def write(path: Path, samples: list[float]) -> None:
    data = array("h", (int(max(-1.0, min(1.0, v)) * 32767) for v in samples))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main() -> None:
    total = 0
    for name, (make, takes) in SOUNDS.items():
        for take in range(takes):
            rng = random.Random(f"{name}-{take}")
            samples = make(take, rng)
            path = HERE / f"{name}_{take + 1}.wav"
            write(path, samples)
            total += path.stat().st_size
            print(f"{path.name}: {len(samples) / RATE:.2f} s")
    print(f"total {total / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
