#if GTK
  // PixbufDecoder lives in ReelPixbuf, which needs GdkPixbuf only; ReelGtk's users get it too.
  @_exported import ReelPixbuf
#endif
