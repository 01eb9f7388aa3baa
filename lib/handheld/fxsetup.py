"""The sound and lights of handheld.feedback, made from the board's pins at power-up
(handheld.powerup imports this module for that call only: its code is not kept).

    fx = for_board(board, neopixel_count)  # feedback.Feedback with what the board has
    Tone(*tone_args(board))              # feedback.Tone on board.SPEAKER (args or None)
    Pixels(*pixel_args(board, count))    # feedback.Pixels on board.NEOPIXEL (args or None)
Neither raises: sound and lights are extras (one console line says why one is off).
"""

# One cycle of a sine, 16 unsigned 16-bit samples around 32768 (amplitude 12288: not loud).
SINE = (32768, 37470, 41457, 44120, 45056, 44120, 41457, 37470,
        32768, 28066, 24079, 21416, 20480, 21416, 24079, 28066)



def audio_out_class():
    """The board's AudioOut class: audioio's (a DAC: SAMD51), else audiopwmio's PWMAudioOut
    (nRF52840: CLUE; RP2040). ImportError if the board has neither."""
    try:
        from audioio import AudioOut
        return AudioOut
    except ImportError:
        from audiopwmio import PWMAudioOut
        return PWMAudioOut


def tone_args(board, audiocore=None, audio_out=None, digitalio=None):
    """feedback.Tone's arguments (out, samples, enable) on board.SPEAKER, or None (one
    console line says why) if the board has no speaker or the sound cannot start; samples is
    one RawSample of the sine's cycle, whose sample_rate Tone sets for each note (settable in
    CircuitPython 10.2.1, shared-bindings/audiocore/__init__.c:137-155, and read by the next
    play: one sample, not one per note's frequency). Never raises: sound is an extra."""
    if not hasattr(board, "SPEAKER"):
        print("feedback: sound off (no board.SPEAKER)")
        return None
    enable = None
    try:
        import array
        if audiocore is None:
            import audiocore
        if audio_out is None:
            audio_out = audio_out_class()
        if hasattr(board, "SPEAKER_ENABLE"):  # PyGamer/PyBadge amplifier switch
            if digitalio is None:
                import digitalio
            enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            enable.switch_to_output(value=True)
        samples = audiocore.RawSample(array.array("H", SINE), sample_rate=8000)
        return audio_out(board.SPEAKER), samples, enable
    except Exception as e:  # no audio module, pin in use, no memory...: only sound is off
        print("feedback: sound off (%s: %s)" % (type(e).__name__, e))
        if enable is not None:
            enable.deinit()
        return None


def pixel_args(board, count, digitalio=None, neopixel_write=None):
    """feedback.Pixels' arguments (pin, count, write, power) on board.NEOPIXEL, or None (one
    console line says why) if the board has none (count 0) or they cannot start. Never
    raises: lights are an extra."""
    if not count or not hasattr(board, "NEOPIXEL"):
        print("feedback: lights off (no board.NEOPIXEL)" if count else
              "feedback: lights off (no NeoPixels in the board profile)")
        return None
    power = None
    try:
        if digitalio is None:
            import digitalio
        if neopixel_write is None:
            from neopixel_write import neopixel_write
        if hasattr(board, "NEOPIXEL_POWER"):  # Feather ESP32-S3: pixel power switch
            power = digitalio.DigitalInOut(board.NEOPIXEL_POWER)
            power.switch_to_output(value=True)
        pin = digitalio.DigitalInOut(board.NEOPIXEL)
        pin.switch_to_output(value=False)
        return pin, count, neopixel_write, power
    except Exception as e:  # only the lights are off
        print("feedback: lights off (%s: %s)" % (type(e).__name__, e))
        if power is not None:
            power.deinit()
        return None


def for_board(board=None, neopixel_count=0, sound=True, lights=True):
    """handheld.feedback's Feedback with what the board has (sound and lights each on or off by
    itself); with board None (desktop) every call is a no-op."""
    from handheld import feedback
    if board is None:
        return feedback.Feedback(None, None, sound, lights)
    t = tone_args(board)
    p = pixel_args(board, neopixel_count)
    return feedback.Feedback(None if t is None else feedback.Tone(*t),
                             None if p is None else feedback.Pixels(*p), sound, lights)
