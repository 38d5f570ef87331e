"""Settings changed in another open tab of the app are taken up here at once (the browser's
`storage` event): notes mode, auto-check, the timer shown and New puzzle's "logic only".
The game itself is followed by App.follow_other_tab (ui/main.py), the time by the Timer.
"""

from pyscript import window
from pyscript.ffi import create_proxy

from ui.settings import SETTINGS_KEY, SETTINGS_MAX_CHARS


def appliers(app) -> dict:
    """Setting name -> what brings the page in line with its new value."""
    return {"notes": app.player.take_settings, "auto_check": app.player.follow_auto_check,
            "timer": app.timer.show_setting, "logical_only": app.coach.show_logical}


def follow_settings(app, event) -> None:
    """Another tab saved the settings: adopt them and show each that changed."""
    if str(event.key) != SETTINGS_KEY:
        return
    changed = app.settings.take(window.appStorage.get(SETTINGS_KEY, SETTINGS_MAX_CHARS))
    apply = appliers(app)
    for name in changed:
        apply[name]()
    if changed:
        app.show()  # the timer follows its setting (a hidden clock is not paused)


def wire(app) -> None:
    """Listen for other tabs' saves of the settings."""

    def on_storage(event):
        follow_settings(app, event)

    # window.window: called on the js module itself, from here, MicroPython gets "Illegal
    # invocation" (this is not a real EventTarget); the global object as such works
    window.window.addEventListener("storage", create_proxy(on_storage))
