"""A stand-in `vectorio` for the VMs (see displayio.py here): Rectangle only.

CircuitPython 10.2.1 allocates a vectorio_rectangle_t, 24 B (shared-bindings/vectorio/
Rectangle.c:54, shared-module/vectorio/Rectangle.h), and a vectorio_vector_shape_t for it,
56 B (Rectangle.c:62, shared-bindings/vectorio/VectorShape.c:54, shared-module/vectorio/
VectorShape.h): 32 + 64 on the heap. The instance and its 8 attributes weigh 80 B, the empty
bytearray 16 more: as much.
"""
import displayio


class Rectangle:
    @micropython.native
    def __init__(self, pixel_shader, width, height, x=0, y=0, color_index=0):
        if width < 1 or height < 1:
            raise ValueError("width")
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False
        self._p = bytearray(0)
        displayio._count(4, 24, 56)
