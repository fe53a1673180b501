/* zero-trip.c: a serial loop inside the kernel that runs no iteration (the inner dimension p of a matrix product is 0, or an empty row) reads nothing, so nothing outside the arrays is copied to the device or back.  The arrays start right after an inaccessible page, then end right before one (guard.h): a range reaching outside them faults.  Random shapes, p from 0 up, compared with the serial loop.  */
#include "guard.h"

static void
matmul (int m, int n, int p, const float *a, const float *b, float *restrict c)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 1.0f;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* Row sums of a ragged matrix: row i has len[i] elements from start[i].  */
static void
rowsum (int m, const int *start, const int *len, const float *v GPU_EXTENT (start[m - 1] + len[m - 1]), float *restrict s)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    {
      float t = 0.0f;
      for (int k = 0; k < len[i]; k++)
	t += v[start[i] + k];
      s[i] = t;
    }
}

static void
test (int m, int n, int p, int at_end)
{
  struct check_guard ga, gb;
  float *a = check_guarded ((size_t) m * p * sizeof (float), at_end, &ga);
  float *b = check_guarded ((size_t) p * n * sizeof (float), at_end, &gb);
  float *c = check_alloc ((size_t) m * n * sizeof (float));
  float *want = check_alloc ((size_t) m * n * sizeof (float));
  check_fill_float (a, (long) m * p, -1, 1);
  check_fill_float (b, (long) p * n, -1, 1);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
	float acc = 1.0f;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	want[i * n + j] = acc;
      }
  matmul (m, n, p, a, b, c);
  CHECK_RAN_ON_DEVICE ((long) m * n);
  check_floats_at (__FILE__, __LINE__, c, want, (long) m * n, 1e-5, 1e-5,
		   "matmul %dx%dx%d", m, n, p);
  check_unguard (&ga);
  check_unguard (&gb);
  free (c);
  free (want);
}

static void
test_rows (int m, int at_end)
{
  int *start = check_alloc (m * sizeof (int));
  int *len = check_alloc (m * sizeof (int));
  int total = 0;
  for (int i = 0; i < m; i++)
    {
      /* Some rows empty, the last one always.  */
      len[i] = i == m - 1 || check_range (0, 3) == 0 ? 0 : (int) check_range (1, 9);
      start[i] = total;
      total += len[i];
    }
  struct check_guard gv;
  float *v = check_guarded ((size_t) total * sizeof (float), at_end, &gv);
  float *s = check_alloc (m * sizeof (float));
  float *want = check_alloc (m * sizeof (float));
  check_fill_float (v, total, -1, 1);
  for (int i = 0; i < m; i++)
    {
      float t = 0.0f;
      for (int k = 0; k < len[i]; k++)
	t += v[start[i] + k];
      want[i] = t;
    }
  rowsum (m, start, len, v, s);
  CHECK_RAN_ON_DEVICE (m);
  check_floats_at (__FILE__, __LINE__, s, want, m, 1e-5, 1e-5, "rowsum %d",
		   m);
  check_unguard (&gv);
  free (start);
  free (len);
  free (s);
  free (want);
}

int
main (void)
{
  check_init ();
  static const int shapes[][3] = {
    { 1, 1, 0 }, { 3, 70, 0 }, { 70, 3, 0 }, { 33, 129, 0 },
    { 1, 1, 1 }, { 5, 7, 1 }, { 17, 31, 3 }, { 64, 65, 9 }
  };
  static const int rows[] = { 1, 2, 7, 31, 97, 1000 };
  for (int at_end = 0; at_end < 2; at_end++)
    {
      for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
	test (shapes[s][0], shapes[s][1], shapes[s][2], at_end);
      for (int t = 0; t < 4; t++)
	test ((int) check_range (1, 40), (int) check_range (1, 300),
	      (int) check_range (0, 5), at_end);
      for (unsigned r = 0; r < sizeof rows / sizeof rows[0]; r++)
	test_rows (rows[r], at_end);
    }
  return 0;
}
