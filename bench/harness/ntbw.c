/* ntbw.c -- the host memcpy rate behind pinned staging (gpurt-stage.c):
   16 threads copying 256 MiB in pieces (1 MiB, or argv[1] KiB) with
   glibc memcpy and with SSE2 / AVX2 non-temporal stores, between
   pageable and pinned memory, and the same pieces staged to and from
   the device through two 16 MiB slots.  Median of 7 after warm-up.  */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <immintrin.h>

static double now (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp (const void *a, const void *b) { double x = *(const double *) a, y = *(const double *) b; return x < y ? -1 : x > y; }

static void copy_nt (char *d, const char *s, size_t n)
{
  while (((uintptr_t) d & 15) && n) { *d++ = *s++; n--; }
  size_t k = n / 64;
  for (size_t i = 0; i < k; i++, d += 64, s += 64)
    {
      __m128i a = _mm_loadu_si128 ((const __m128i *) s);
      __m128i b = _mm_loadu_si128 ((const __m128i *) (s + 16));
      __m128i c = _mm_loadu_si128 ((const __m128i *) (s + 32));
      __m128i e = _mm_loadu_si128 ((const __m128i *) (s + 48));
      _mm_stream_si128 ((__m128i *) d, a);
      _mm_stream_si128 ((__m128i *) (d + 16), b);
      _mm_stream_si128 ((__m128i *) (d + 32), c);
      _mm_stream_si128 ((__m128i *) (d + 48), e);
    }
  memcpy (d, s, n - k * 64);
  _mm_sfence ();
}

__attribute__ ((target ("avx2"))) static void copy_nt256 (char *d, const char *s, size_t n)
{
  while (((uintptr_t) d & 31) && n) { *d++ = *s++; n--; }
  size_t k = n / 128;
  for (size_t i = 0; i < k; i++, d += 128, s += 128)
    {
      __m256i a = _mm256_loadu_si256 ((const __m256i *) s);
      __m256i b = _mm256_loadu_si256 ((const __m256i *) (s + 32));
      __m256i c = _mm256_loadu_si256 ((const __m256i *) (s + 64));
      __m256i e = _mm256_loadu_si256 ((const __m256i *) (s + 96));
      _mm256_stream_si256 ((__m256i *) d, a);
      _mm256_stream_si256 ((__m256i *) (d + 32), b);
      _mm256_stream_si256 ((__m256i *) (d + 64), c);
      _mm256_stream_si256 ((__m256i *) (d + 96), e);
    }
  memcpy (d, s, n - k * 128);
  _mm_sfence ();
}

static int mode;
static void cpy (char *d, const char *s, size_t n)
{
  if (mode == 0) memcpy (d, s, n);
  else if (mode == 1) copy_nt (d, s, n);
  else copy_nt256 (d, s, n);
}

#define N 7
int main (int argc, char **argv)
{
  cl_platform_id plats[8]; cl_device_id dev; cl_uint np = 0, nd = 0; cl_int e;
  size_t bytes = (size_t) 256 << 20;
  size_t piece = argc > 1 ? (size_t) atol (argv[1]) << 10 : 1 << 20;
  clGetPlatformIDs (8, plats, &np);
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) != CL_SUCCESS) nd = 0;
  if (!nd) return 3;
  cl_context ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue (ctx, dev, 0, &e);
  cl_mem d = clCreateBuffer (ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
  cl_mem pin = clCreateBuffer (ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &e);
  char *pp = clEnqueueMapBuffer (q, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &e);
  char *h = malloc (bytes), *h2 = malloc (bytes);
  memset (h, 1, bytes); memset (h2, 2, bytes); memset (pp, 3, bytes);
  const char *mn[3] = { "glibc", "nt128", "nt256" };
  for (int k = 0; k < 2; k++)
    {
      double t[N + 1];
      for (int r = 0; r <= N; r++)
        {
          double t0 = now ();
          if (k == 0) clEnqueueWriteBuffer (q, d, CL_TRUE, 0, bytes, pp, 0, NULL, NULL);
          if (k == 1) clEnqueueReadBuffer (q, d, CL_TRUE, 0, bytes, pp, 0, NULL, NULL);
          t[r] = now () - t0;
        }
      qsort (t + 1, N, sizeof *t, cmp);
      printf ("%-28s %7.2f GB/s\n", k ? "read-pinned" : "write-pinned", bytes / t[1 + N / 2] / 1e9);
    }
  for (mode = 0; mode < 3; mode++)
    for (int k = 0; k < 5; k++)
      {
        double t[N + 1];
        for (int r = 0; r <= N; r++)
          {
            double t0 = now ();
            if (k == 0)
              {
#pragma omp parallel for
                for (size_t off = 0; off < bytes; off += piece) cpy (h2 + off, h + off, piece);
              }
            if (k == 1)
              {
#pragma omp parallel for
                for (size_t off = 0; off < bytes; off += piece) cpy (pp + off, h + off, piece);
              }
            if (k == 2)
              {
#pragma omp parallel for
                for (size_t off = 0; off < bytes; off += piece) cpy (h2 + off, pp + off, piece);
              }
            if (k == 3)
              {
                size_t c = 16 << 20; cl_event ev[2] = { NULL, NULL };
                for (size_t off = 0, i = 0; off < bytes; off += c, i++)
                  {
                    char *slot = pp + (i & 1) * c;
                    if (ev[i & 1]) { clWaitForEvents (1, &ev[i & 1]); clReleaseEvent (ev[i & 1]); }
#pragma omp parallel for
                    for (size_t o = 0; o < c; o += piece) cpy (slot + o, h + off + o, piece);
                    clEnqueueWriteBuffer (q, d, CL_FALSE, off, c, slot, 0, NULL, &ev[i & 1]);
                    clFlush (q);
                  }
                clFinish (q);
                for (int j = 0; j < 2; j++) if (ev[j]) clReleaseEvent (ev[j]);
              }
            if (k == 4)
              {
                size_t c = 16 << 20, nc = bytes / c; cl_event ev[2] = { NULL, NULL };
                clEnqueueReadBuffer (q, d, CL_FALSE, 0, c, pp, 0, NULL, &ev[0]);
                for (size_t i = 0; i < nc; i++)
                  {
                    if (i + 1 < nc)
                      clEnqueueReadBuffer (q, d, CL_FALSE, (i + 1) * c, c, pp + ((i + 1) & 1) * c, 0, NULL, &ev[(i + 1) & 1]);
                    clFlush (q);
                    clWaitForEvents (1, &ev[i & 1]); clReleaseEvent (ev[i & 1]);
                    char *slot = pp + (i & 1) * c;
#pragma omp parallel for
                    for (size_t o = 0; o < c; o += piece) cpy (h + i * c + o, slot + o, piece);
                  }
              }
            t[r] = now () - t0;
          }
        qsort (t + 1, N, sizeof *t, cmp);
        static const char *kn[5] = { "memcpy-par page->page", "memcpy-par page->pinned", "memcpy-par pinned->page", "write-staged-16MiB", "read-staged-16MiB" };
        printf ("%s piece=%zuK %-26s %7.2f GB/s\n", mn[mode], piece >> 10, kn[k], bytes / t[1 + N / 2] / 1e9);
      }
  return 0;
}
