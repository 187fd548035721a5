@echo off
rem LAMA Desktop, portable: the settings, statistics, saves, past games and logs stay in the "profile" folder
rem next to this file (a USB stick). Start lama-desktop.exe itself to use your Windows user folders instead.
start "" "%~dp0lama-desktop.exe" --profile "%~dp0profile"
