; Inno Setup 6 script: the Windows installer of lama-desktop.
;
;   python build\build.py --inno                      (does all of this)
;   iscc /DAppVersion=0.1.0 packaging\lama-desktop.iss  (after PyInstaller made dist\lama-desktop\)
;
; Per-user install (no administrator rights, no UAC prompt) into %LOCALAPPDATA%\Programs\LAMA Desktop, a
; Start-menu entry, a desktop shortcut (ticked by default), an uninstaller (Settings > Apps, and in the Start-menu
; folder). Saves, settings and logs live in %LOCALAPPDATA%\LamaDesktop (platformdirs), outside the program
; folder: uninstalling keeps the player's saves and statistics.
; Paths are relative to this file's folder (packaging\).

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\lama-desktop.iss
#endif

; Windows' file version must be numbers only (x.y.z.w): build.py passes /DAppNumericVersion for versions like
; 1.2.0rc1; without it the version itself is used.
#ifndef AppNumericVersion
  #define AppNumericVersion AppVersion
#endif

#define AppName "LAMA Desktop"
#define AppExeName "lama-desktop.exe"
#define AppPublisher "lama-desktop contributors"

[Setup]
; The AppId identifies the program for upgrades and uninstall: never change it.
AppId={{43D605AF-A540-4911-A5DC-480957821816}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductName={#AppName}
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
UsePreviousAppDir=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir=..\dist
OutputBaseFilename=lama-desktop-{#AppVersion}-windows-x64-setup
SetupIconFile=icons\lama-desktop.ico
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"
Name: "polish"; MessagesFile: "compiler:Languages\Polish.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "..\dist\lama-desktop\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Only the program folder (PyInstaller never writes into it; this catches anything left by a crash dump).
Type: filesandordirs; Name: "{app}"
