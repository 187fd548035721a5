"""Write assets/art/icon.svg and icon-small.svg from the llama head (python assets/art/src/gen_icon.py),
then run `python -m lama_desktop.app.art.export` for the PNGs. Original artwork for lama-desktop, CC0.
"""
from pathlib import Path

ART = Path(__file__).resolve().parent.parent
import re
head = open(str(ART / "llama_head.svg")).read()
inner = re.search(r"<svg[^>]*>(.*)</svg>", head, re.S).group(1)
inner = re.sub(r"<!--.*?-->", "", inner, flags=re.S)
INK="#4a2c1d"
def card(x, y, rot, fill, light):
    return (f'<g transform="rotate({rot} {x+80} {y+112})">'
            f'<rect x="{x}" y="{y}" width="160" height="224" rx="14" fill="#fffaf0" stroke="{INK}" stroke-width="10"/>'
            f'<rect x="{x+12}" y="{y+12}" width="136" height="200" rx="9" fill="{fill}"/>'
            f'<ellipse cx="{x+80}" cy="{y+112}" rx="48" ry="66" fill="#fffaf0" stroke="{INK}" stroke-width="8"/>'
            f'<circle cx="{x+80}" cy="{y+112}" r="20" fill="{light}" stroke="{INK}" stroke-width="6"/></g>')
big = f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<!-- lama-desktop app icon. Original artwork for lama-desktop, CC0. -->
<defs><radialGradient id="bg" gradientUnits="userSpaceOnUse" cx="256" cy="200" r="360">
<stop offset="0" stop-color="#2f7f76"/><stop offset="1" stop-color="#14403e"/></radialGradient></defs>
<rect x="16" y="16" width="480" height="480" rx="108" fill="url(#bg)" stroke="{INK}" stroke-width="14"/>
{card(70, 80, -16, "#f28a2a", "#f5c431")}
{card(282, 80, 16, "#2f6cb5", "#e4545c")}
<g transform="translate(96 122) scale(1.6)">{inner}</g>
</svg>
'''
open(str(ART / "icon.svg"),"w").write(big)
small = f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<!-- lama-desktop app icon, simplified for 16-32 px. Original artwork for lama-desktop, CC0. -->
<rect x="8" y="8" width="496" height="496" rx="96" fill="#1f5f5b" stroke="{INK}" stroke-width="16"/>
<g transform="translate(10 -6) scale(2.46)">{inner}</g>
</svg>
'''
open(str(ART / "icon-small.svg"),"w").write(small)
