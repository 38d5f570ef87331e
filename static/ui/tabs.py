"""Other open tabs of the app: the browser's `storage` event says another tab saved, and the
one listener here hands each saved key to what follows it: the game, pause and the settings
(the Controller), the time (the Timer). Each follower runs inside the render guard, so a
damaged save from another tab is refused with a message, never left to stop the page.
"""

from pyscript import window
from pyscript.ffi import create_proxy

from ui.settings import SETTINGS_KEY, SETTINGS_MAX_CHARS
from ui.storage import PAUSE_KEY, STORAGE_KEY, TIMER_KEY


def wire(app) -> None:
    """Listen for other tabs' saves: each stored key to what follows it."""
    ctl = app.ctl

    def follow_settings():
        ctl.settings.take(window.appStorage.get(SETTINGS_KEY, SETTINGS_MAX_CHARS))
        if not ctl.settings.get("timer"):
            ctl.resume()  # a hidden clock cannot be paused

    followers = {STORAGE_KEY: ctl.follow_other_tab, TIMER_KEY: app.timer.follow_other_tab,
                 PAUSE_KEY: ctl.follow_pause, SETTINGS_KEY: follow_settings}

    def on_storage(event):
        follow = followers.get(str(event.key))
        if follow:
            try:
                follow()
            except Exception as error:  # noqa: BLE001 - another tab's save never stops this one
                ctl.message = ("Your other tab's change could not be followed ("
                               + type(error).__name__ + ").", "error")
            app.render()

    # window.window: called on the js module itself, from here, MicroPython gets "Illegal
    # invocation" (this is not a real EventTarget); the global object as such works
    window.window.addEventListener("storage", create_proxy(on_storage))
