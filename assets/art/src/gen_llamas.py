"""Write the llama SVG drawings in assets/art (run from anywhere: python assets/art/src/gen_llamas.py).

Each silhouette is drawn twice: first as one ink outline layer (thick strokes), then filled on top, so the
shapes merge into one clean outline. Original artwork for lama-desktop, CC0.
"""
from pathlib import Path

ART = Path(__file__).resolve().parent.parent
INK="#4a2c1d"; FUR="#fffaf0"; SHADE="#efe0c2"; MUZ="#f5e6cb"; EAR="#f3c2b0"; BLUSH="#f4a09a"
ACC="#f2b441"; ACC2="#ec5f9b"
def doc(vb, body, title):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">\n'
            f'<!-- {title}. Original artwork for lama-desktop, CC0. -->\n{body}\n</svg>\n')
def layered(shapes, sw):
    out=[f'<g fill="{INK}" stroke="{INK}" stroke-width="{sw*2}" stroke-linejoin="round" stroke-linecap="round">']
    for tag, attrs, _fill in shapes:
        out.append(f'  <{tag} {attrs}/>')
    out.append('</g>')
    for tag, attrs, fill in shapes:
        out.append(f'<{tag} {attrs} fill="{fill}"/>')
    return "\n".join(out)

# ---- head (front view, bust) ----
head_sil=[
 ("path",'d="M60,80 C50,56 46,26 56,8 C72,18 82,46 84,70 Z"',FUR),
 ("path",'d="M140,80 C150,56 154,26 144,8 C128,18 118,46 116,70 Z"',FUR),
 ("path",'d="M72,170 C70,190 66,206 62,224 L138,224 C134,206 130,190 128,170 Z"',FUR),
 ("path",'d="M58,96 C56,64 144,64 142,96 C142,116 138,134 136,152 C134,190 66,190 64,152 C62,134 58,116 58,96 Z"',FUR),
 ("circle",'cx="76" cy="74" r="14"',FUR),("circle",'cx="93" cy="64" r="16"',FUR),
 ("circle",'cx="112" cy="67" r="15"',FUR),
 ("circle",'cx="126" cy="78" r="11"',FUR),("circle",'cx="100" cy="78" r="14"',FUR),
 ("circle",'cx="70" cy="200" r="12"',FUR),("circle",'cx="88" cy="206" r="13"',FUR),
 ("circle",'cx="108" cy="206" r="13"',FUR),("circle",'cx="128" cy="200" r="12"',FUR),
]
head_details=f'''
<path d="M61,70 C54,52 53,32 58,20 C67,30 74,48 76,64 Z" fill="{EAR}"/>
<path d="M139,70 C146,52 147,32 142,20 C133,30 126,48 124,64 Z" fill="{EAR}"/>
<path d="M70,196 C80,204 120,204 130,196 C128,210 130,216 132,224 L68,224 C70,216 72,210 70,196 Z" fill="{SHADE}" \
opacity="0.7"/>
<path d="M48,62 C40,66 38,80 46,88 C54,82 56,70 48,62 Z" fill="{ACC}" stroke="{INK}" stroke-width="3.5" \
stroke-linejoin="round"/>
<path d="M152,62 C160,66 162,80 154,88 C146,82 144,70 152,62 Z" fill="{ACC}" stroke="{INK}" stroke-width="3.5" \
stroke-linejoin="round"/>
<circle cx="50" cy="58" r="5" fill="{ACC2}" stroke="{INK}" stroke-width="3"/>
<circle cx="150" cy="58" r="5" fill="{ACC2}" stroke="{INK}" stroke-width="3"/>
<path d="M80,66 C84,60 92,60 94,66 M98,58 C102,52 110,52 112,58 M106,72 C110,66 118,66 120,72 M70,78 C72,72 78,70 \
82,74" fill="none" stroke="{SHADE}" stroke-width="3.2" stroke-linecap="round"/>
<path d="M74,204 C78,198 86,198 88,204 M96,208 C100,202 108,202 110,208 M116,204 C120,198 126,198 128,202" fill="none" \
stroke="{SHADE}" stroke-width="3.2" stroke-linecap="round"/>
<ellipse cx="100" cy="152" rx="29" ry="23" fill="{MUZ}"/>
<circle cx="70" cy="134" r="8" fill="{BLUSH}" opacity="0.55"/>
<circle cx="130" cy="134" r="8" fill="{BLUSH}" opacity="0.55"/>
<ellipse cx="81" cy="110" rx="7" ry="9" fill="{INK}"/>
<ellipse cx="119" cy="110" rx="7" ry="9" fill="{INK}"/>
<circle cx="83.5" cy="106.5" r="2.6" fill="#ffffff"/>
<circle cx="121.5" cy="106.5" r="2.6" fill="#ffffff"/>
<path d="M72,97 Q80,92 88,96" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
<path d="M112,96 Q120,92 128,97" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
<path d="M89,143 Q93,147 97,143" fill="none" stroke="{INK}" stroke-width="3.2" stroke-linecap="round"/>
<path d="M103,143 Q107,147 111,143" fill="none" stroke="{INK}" stroke-width="3.2" stroke-linecap="round"/>
<path d="M100,149 V158 M89,158 Q94.5,165 100,158 Q105.5,165 111,158" fill="none" stroke="{INK}" stroke-width="3.2" \
stroke-linecap="round" stroke-linejoin="round"/>
<path d="M64,206 C80,214 120,214 136,206 L138,220 C118,228 82,228 62,220 Z" fill="{ACC2}" stroke="{INK}" \
stroke-width="4" stroke-linejoin="round"/>
<circle cx="84" cy="216" r="3.2" fill="{ACC}"/><circle cx="100" cy="218" r="3.2" fill="{ACC}"/><circle cx="116" \
cy="216" r="3.2" fill="{ACC}"/>
'''
open(str(ART / "llama_head.svg"),"w").write(
    doc("0 0 200 230", layered(head_sil,4.5)+head_details, "Llama head, front view"))

# ---- standing llama (side view, facing right) ----
stand_sil=[
 ("path",'d="M30,112 C26,124 28,150 30,176 L40,176 C40,152 42,132 46,118 Z"',SHADE),
 ("path",'d="M80,112 C82,130 84,152 84,176 L94,176 C94,150 94,128 92,110 Z"',SHADE),
 ("path",'d="M40,112 C38,128 40,152 42,178 L53,178 C52,152 54,132 56,116 Z"',FUR),
 ("path",'d="M90,110 C94,128 96,152 96,178 L107,178 C106,150 106,128 102,108 Z"',FUR),
 ("path",'d="M26,96 C24,76 44,68 66,70 C86,70 104,72 108,92 C112,114 94,124 66,124 C40,124 28,116 26,96 Z"',FUR),
 ("path",'d="M86,80 C88,62 90,44 92,30 L112,30 C112,48 110,68 108,92 Z"',FUR),
 ("path",'d="M88,34 C86,20 96,12 108,14 C120,15 128,20 132,28 '
         'C135,35 128,40 118,40 L110,42 C100,44 90,42 88,34 Z"',FUR),
 ("path",'d="M95,18 C92,8 93,2 98,-2 C103,3 103,10 101,17 Z"',FUR),
 ("path",'d="M103,17 C103,7 106,1 111,-1 C114,5 112,12 109,18 Z"',FUR),
 ("circle",'cx="94" cy="20" r="7"',FUR),("circle",'cx="101" cy="15" r="6"',FUR),
 ("circle",'cx="24" cy="92" r="8"',FUR),("circle",'cx="24" cy="102" r="7"',FUR),
 ("circle",'cx="44" cy="72" r="8"',FUR),("circle",'cx="60" cy="69" r="8"',FUR),("circle",'cx="76" cy="70" r="8"',FUR),
]
stand_details=f'''
<path d="M30,112 C40,122 90,124 106,108 C106,118 96,124 66,124 C40,124 30,120 30,112 Z" fill="{SHADE}" opacity="0.8"/>
<path d="M48,71 L86,71 C90,82 90,96 88,106 L50,108 C46,96 46,82 48,71 Z" fill="{ACC}" stroke="{INK}" \
stroke-width="3.5" stroke-linejoin="round"/>
<path d="M49,84 L56,90 L63,84 L70,90 L77,84 L84,90 L89,84" fill="none" stroke="{ACC2}" stroke-width="3.5" \
stroke-linejoin="round" stroke-linecap="round"/>
<path d="M50,108 L50,114 M62,108 L62,115 M74,107 L74,114 M86,106 L86,113" stroke="{ACC2}" stroke-width="3.5" \
stroke-linecap="round"/>
<path d="M97,8 C96,6 97,4 98,2 C100,5 100,8 99,12 Z" fill="{EAR}"/>
<path d="M108,9 C108,6 109,4 111,2 C112,5 111,8 110,12 Z" fill="{EAR}"/>
<ellipse cx="112" cy="25" rx="3.4" ry="4" fill="{INK}"/>
<circle cx="113" cy="23.6" r="1.2" fill="#ffffff"/>
<circle cx="110" cy="32" r="4" fill="{BLUSH}" opacity="0.5"/>
<path d="M128,29 Q130,30 129,32" fill="none" stroke="{INK}" stroke-width="2.4" stroke-linecap="round"/>
<path d="M122,37 Q126,38 129,36" fill="none" stroke="{INK}" stroke-width="2.4" stroke-linecap="round"/>
<path d="M29,171 H41 V177 H29 Z M83,171 H95 V177 H83 Z" fill="{INK}" opacity="0.6"/>
<path d="M41,173 H54 V179 H41 Z M95,173 H108 V179 H95 Z" fill="{INK}"/>
'''
open(str(ART / "llama_standing.svg"),"w").write(
    doc("10 -8 130 192", layered(stand_sil,4)+stand_details, "Standing llama, side view"))

def sil(vb, shapes, sw, title):
    body=[f'<g fill="#fffaf0" stroke="#fffaf0" stroke-width="{sw*2}" stroke-linejoin="round">']
    body+=[f'  <{t} {a}/>' for t,a,f in shapes]
    body.append('</g>')
    return doc(vb, "\n".join(body), title)
open(str(ART / "llama_silhouette.svg"),"w").write(
    sil("10 -8 130 192", stand_sil, 4, "Standing llama silhouette (card back pattern)"))
open(str(ART / "llama_head_silhouette.svg"),"w").write(
    sil("0 0 200 230", head_sil[:2]+head_sil[3:9], 4.5, "Llama head silhouette"))
