"""Other open tabs of the app: the browser's `storage` event says another tab saved, and the
one listener here hands each saved key to what follows it: the game (App.follow_other_tab,
ui/main.py), the time (Timer.follow_other_tab), Pause (Pause.follow_other_tab) and the
settings (notes mode, auto-check, the timer shown and New puzzle's "logic only", taken up
here).
"""

from pyscript import window
from pyscript.ffi import create_proxy

from ui.pause import PAUSE_KEY
from ui.session import STORAGE_KEY
from ui.settings import SETTINGS_KEY, SETTINGS_MAX_CHARS
from ui.timer import TIMER_KEY


def appliers(app) -> dict:
    """Setting name -> what brings the page in line with its new value."""
    return {"notes": app.player.take_settings, "auto_check": app.player.follow_auto_check,
            "timer": app.timer.show_setting, "logical_only": app.coach.show_logical}


def follow_settings(app) -> None:
    """Another tab saved the settings: adopt them and show each that changed."""
    changed = app.settings.take(window.appStorage.get(SETTINGS_KEY, SETTINGS_MAX_CHARS))
    apply = appliers(app)
    for name in changed:
        apply[name]()
    if changed:
        app.show()  # the timer follows its setting (a hidden clock is not paused)


def wire(app) -> None:
    """Listen for other tabs' saves: each stored key to what follows it."""
    followers = {STORAGE_KEY: app.follow_other_tab, TIMER_KEY: app.timer.follow_other_tab,
                 PAUSE_KEY: app.timer.pause.follow_other_tab,
                 SETTINGS_KEY: lambda: follow_settings(app)}

    def on_storage(event):
        follow = followers.get(str(event.key))
        if follow:
            follow()

    # window.window: called on the js module itself, from here, MicroPython gets "Illegal
    # invocation" (this is not a real EventTarget); the global object as such works
    window.window.addEventListener("storage", create_proxy(on_storage))
