/* batch-keep.c: a region whose results may stay on the device (its launch has GPU_NARGS_KEEP) and whose data are large (64 MiB or more move with the outer index: 2^23 + 5 floats in and out) is pipelined in batches (docs/ABI.md section 9) once the results its earlier launches left there went home unused: calls with a host check of the results between them.  In a time loop whose steps use each other's results on the device, the results stay there and no step is pipelined.  Results against serial C at sizes that do not divide into batches; each mode in a profile child, which must count pipelined batches (calls) or none (time loop) on the device.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static void
axpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
smooth (int n, int t, float *restrict a, float *restrict b)
{
  for (int s = 0; s < t; s++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = b[i];
    }
}

static void
calls (void)
{
  static const int sizes[] = { 1, 3001, (1 << 23) + 5 };
  for (int k = 0; k < 3; k++)
    {
      int n = sizes[k];
      float *x = check_alloc (n * sizeof *x), *y = check_alloc (n * sizeof *y);
      float *w = check_alloc (n * sizeof *w);
      check_fill_float (x, n, -4, 4);
      check_fill_float (y, n, -4, 4);
      memcpy (w, y, n * sizeof *w);
      for (int c = 0; c < 4; c++)
	{
	  float a = check_uniformf (-2, 2);
	  for (int i = 0; i < n; i++)
	    w[i] = a * x[i] + w[i];
	  axpy (n, a, x, y);
	  CHECK_RAN_ON_DEVICE (n);
	  CHECK_FLOATS (y, w, n, 1e-5, 1e-5, "axpy (%d) call %d", n, c);
	}
      free (x); free (y); free (w);
    }
}

static void
loop (void)
{
  static const int sizes[] = { 3, 4099, (1 << 23) + 5 };
  for (int k = 0; k < 3; k++)
    {
      int n = sizes[k];
      float *a = check_alloc (n * sizeof *a), *b = check_alloc (n * sizeof *b);
      float *wa = check_alloc (n * sizeof *wa), *wb = check_alloc (n * sizeof *wb);
      check_fill_float (a, n, -4, 4);
      memcpy (b, a, n * sizeof *b);
      memcpy (wa, a, n * sizeof *wa);
      memcpy (wb, a, n * sizeof *wb);
      for (int s = 0; s < 6; s++)
	{
	  for (int i = 1; i < n - 1; i++)
	    wb[i] = 0.25f * wa[i - 1] + 0.5f * wa[i] + 0.25f * wa[i + 1];
	  for (int i = 1; i < n - 1; i++)
	    wa[i] = wb[i];
	}
      smooth (n, 6, a, b);
      CHECK_FLOATS (a, wa, n, 1e-5, 1e-5, "smooth a (%d)", n);
      CHECK_FLOATS (b, wb, n, 1e-5, 1e-5, "smooth b (%d)", n);
      free (a); free (b); free (wa); free (wb);
    }
}

int
main (int argc, char **argv)
{
  static char text[1 << 16];
  check_init ();
  if (argc > 1)
    {
      if (strcmp (argv[1], "calls") == 0)
	calls ();
      else
	loop ();
      return 0;
    }
  check_profile_child (argv[0], "calls", NULL, text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") > 0,
	   "the calls were never pipelined:\n%s", text);
  check_profile_child (argv[0], "loop", NULL, text, sizeof text);
  /* At -O0 there is no transfer elimination: no launch keeps its
     results, and large ones are always pipelined.  */
#ifdef __OPTIMIZE__
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") == 0,
	   "the time loop's steps were pipelined:\n%s", text);
#endif
  calls ();
  loop ();
  return 0;
}
