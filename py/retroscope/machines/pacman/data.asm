; Tables in ROM.
        org VECTORS
        dw vblank
