; NSIS 3 script: the Windows installer of lama-desktop, one script for CI (makensis on Linux, build/ci_windows.sh)
; and the release workflow (makensis on the Windows runner).
;
;   python build/build.py --nsis      (does this, after PyInstaller made dist/lama-desktop/)
;   makensis -INPUTCHARSET UTF8 -DVERSION=0.1.0 -DNUMERIC_VERSION=0.1.0.0 -DBUNDLE=<dist/lama-desktop> \
;            -DOUTFILE=<dist/lama-desktop-0.1.0-windows-x64-setup.exe> packaging/lama-desktop.nsi
;
; Per user, no administrator rights: into %LOCALAPPDATA%\Programs\LAMA Desktop (or the folder of an earlier
; install: an upgrade replaces the program in place). A Start-menu shortcut, an optional desktop shortcut (ticked
; by default), an uninstall entry (Settings > Apps) with name, version, publisher and icon. The wizard speaks
; English, French, German or Polish, chosen from the system's language. The player's files (settings,
; statistics, saves, past games, logs) live in %LOCALAPPDATA%\LamaDesktop, outside the program folder: neither
; an upgrade nor the uninstaller ever touches them. Relative paths are relative to this file's folder.

Unicode true
!ifndef VERSION
  !error "Pass the version: makensis -DVERSION=X.Y.Z packaging/lama-desktop.nsi"
!endif
!ifndef NUMERIC_VERSION
  !define NUMERIC_VERSION "0.0.0.0"
!endif
!ifndef BUNDLE
  !define BUNDLE "..\dist\lama-desktop"
!endif
!ifndef OUTFILE
  !define OUTFILE "..\dist\lama-desktop-${VERSION}-windows-x64-setup.exe"
!endif

!define APP_NAME "LAMA Desktop"
!define APP_EXE "lama-desktop.exe"
!define PUBLISHER "lama-desktop contributors"
; The uninstall entry's key: never change it (upgrades find the earlier install through it).
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\LamaDesktop"

; A 64-bit installer where makensis has the 64-bit stubs (Debian's nsis has them); else the 32-bit stub, which
; refuses to run on 32-bit Windows (.onInit) since the game is x64.
!if /FileExists "${NSISDIR}\Stubs\lzma_solid-amd64-unicode"
  Target amd64-unicode
!endif

SetCompressor /SOLID lzma
SetCompressorDictSize 32
RequestExecutionLevel user
ManifestDPIAware true
Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"
ShowInstDetails nevershow
ShowUninstDetails nevershow

VIProductVersion "${NUMERIC_VERSION}"
VIFileVersion "${NUMERIC_VERSION}"
VIAddVersionKey /LANG=0 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey /LANG=0 "LegalCopyright" "${PUBLISHER}, MIT licence"

!include "MUI2.nsh"
!include "x64.nsh"
!include "FileFunc.nsh"

!define MUI_ICON "icons\lama-desktop.ico"
!define MUI_UNICON "icons\lama-desktop.ico"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "windows\license.txt"
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the fallback; otherwise the system's language picks one (no question asked).
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Polish"

LangString SEC_GAME ${LANG_ENGLISH} "${APP_NAME} (required)"
LangString SEC_GAME ${LANG_FRENCH} "${APP_NAME} (obligatoire)"
LangString SEC_GAME ${LANG_GERMAN} "${APP_NAME} (erforderlich)"
LangString SEC_GAME ${LANG_POLISH} "${APP_NAME} (wymagane)"
LangString SEC_DESKTOP ${LANG_ENGLISH} "Desktop shortcut"
LangString SEC_DESKTOP ${LANG_FRENCH} "Raccourci sur le Bureau"
LangString SEC_DESKTOP ${LANG_GERMAN} "Verknüpfung auf dem Desktop"
LangString SEC_DESKTOP ${LANG_POLISH} "Skrót na pulpicie"
LangString NEEDS_X64 ${LANG_ENGLISH} "${APP_NAME} needs a 64-bit Windows."
LangString NEEDS_X64 ${LANG_FRENCH} "${APP_NAME} nécessite un Windows 64 bits."
LangString NEEDS_X64 ${LANG_GERMAN} "${APP_NAME} benötigt ein 64-Bit-Windows."
LangString NEEDS_X64 ${LANG_POLISH} "${APP_NAME} wymaga 64-bitowego systemu Windows."
LangString SAVES_KEPT ${LANG_ENGLISH} "Your saves, statistics and past games are kept in $LOCALAPPDATA\LamaDesktop."
LangString SAVES_KEPT ${LANG_FRENCH} "Vos parties sauvegardées, statistiques et parties passées restent dans $LOCALAPPDATA\LamaDesktop."
LangString SAVES_KEPT ${LANG_GERMAN} "Ihre Spielstände, Statistiken und vergangenen Partien bleiben in $LOCALAPPDATA\LamaDesktop erhalten."
LangString SAVES_KEPT ${LANG_POLISH} "Twoje zapisy, statystyki i rozegrane partie pozostają w $LOCALAPPDATA\LamaDesktop."

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "$(NEEDS_X64)" /SD IDOK
    Abort
  ${EndIf}
FunctionEnd

Section "!$(SEC_GAME)" SecGame
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the program: the earlier version's files go first (only the program's own files; the
  ; folder itself and anything else in it, such as a --profile folder, stay).
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  File "${BUNDLE}\${APP_EXE}"
  File /r "${BUNDLE}\_internal"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "$(SEC_DESKTOP)" SecDesktop
  CreateShortcut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0
SectionEnd

Section "Uninstall"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  ; Only what the installer put there; the folder goes only if nothing else is left in it.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  RMDir "$LOCALAPPDATA\Programs"  ; only if empty (a fresh profile has no other per-user programs)
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  ; Never touched: $LOCALAPPDATA\LamaDesktop (settings, statistics, saves, past games, logs).
  DetailPrint "$(SAVES_KEPT)"
SectionEnd
