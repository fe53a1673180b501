/* h2dbw.c -- host<->device copy bandwidth through OpenCL: from pageable
   (malloc) memory, from pinned memory (a mapped CL_MEM_ALLOC_HOST_PTR
   buffer), and the host's own memcpy, 256 MiB, median of 7 after
   warm-up.  What pinned staging can buy over the driver's own path.
   The parallel copies run again with AVX2 non-temporal stores (names
   ending in -nt), as libgpurt's staging makes them (GPURT_STAGE_NT).  */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdint.h>
#include <immintrin.h>

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Copy SIZE bytes from SRC to DST with 32-byte non-temporal stores.  */
__attribute__ ((target ("avx2"))) static void
copy_nt (char *dst, const char *src, size_t size)
{
  size_t head = (32 - ((uintptr_t) dst & 31)) & 31, k, n;
  if (head > size)
    head = size;
  memcpy (dst, src, head);
  dst += head, src += head, size -= head;
  n = size / 32;
  for (k = 0; k < n; k++, dst += 32, src += 32)
    _mm256_stream_si256 ((__m256i *) dst,
			 _mm256_loadu_si256 ((const __m256i *) src));
  memcpy (dst, src, size - n * 32);
  _mm_sfence ();
}

static int nt;
/* One piece of a parallel copy: memcpy, or non-temporal stores when NT.  */
static void
cpy (char *dst, const char *src, size_t size)
{
  if (nt)
    copy_nt (dst, src, size);
  else
    memcpy (dst, src, size);
}

#define N 7
int
main (void)
{
  cl_platform_id plats[8];
  cl_device_id dev;
  cl_uint np = 0, nd = 0;
  cl_int e;
  size_t bytes = (size_t) 256 << 20;
  clGetPlatformIDs (8, plats, &np);
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) != CL_SUCCESS)
      nd = 0;
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS)
      nd = 0;
  cl_context ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue (ctx, dev, 0, &e);
  cl_mem d = clCreateBuffer (ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
  cl_mem pin = clCreateBuffer (ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &e);
  char *pp = clEnqueueMapBuffer (q, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &e);
  char *h = malloc (bytes), *h2 = malloc (bytes);
  memset (h, 1, bytes); memset (h2, 2, bytes); memset (pp, 3, bytes);
  const char *names[12] = { "write-pageable", "write-pinned", "read-pageable", "read-pinned", "memcpy", "write-staged-4MiB", "memcpy-par", "write-staged-par-16MiB", "read-staged-par-16MiB", "memcpy-par-nt", "write-staged-par-16MiB-nt", "read-staged-par-16MiB-nt" };
  int has_avx2 = __builtin_cpu_supports ("avx2");
  for (int kk = 0; kk < (has_avx2 ? 12 : 9); kk++)
    {
      /* 9-11: 6-8 again with non-temporal stores.  */
      int k = kk < 9 ? kk : kk - 3;
      nt = kk >= 9;
      double t[N + 1];
      for (int r = 0; r <= N; r++)
	{
	  double t0 = now ();
	  if (k == 0) clEnqueueWriteBuffer (q, d, CL_TRUE, 0, bytes, h, 0, NULL, NULL);
	  if (k == 1) clEnqueueWriteBuffer (q, d, CL_TRUE, 0, bytes, pp, 0, NULL, NULL);
	  if (k == 2) clEnqueueReadBuffer (q, d, CL_TRUE, 0, bytes, h, 0, NULL, NULL);
	  if (k == 3) clEnqueueReadBuffer (q, d, CL_TRUE, 0, bytes, pp, 0, NULL, NULL);
	  if (k == 4) memcpy (h2, h, bytes);
	  if (k == 5)
	    {
	      /* memcpy into pinned 4 MiB chunks, DMA each, overlapped.  */
	      size_t c = 4 << 20;
	      cl_event ev[2] = { NULL, NULL };
	      for (size_t off = 0, i = 0; off < bytes; off += c, i++)
		{
		  char *slot = pp + (i & 1) * c;
		  if (ev[i & 1]) { clWaitForEvents (1, &ev[i & 1]); clReleaseEvent (ev[i & 1]); }
		  memcpy (slot, h + off, c);
		  clEnqueueWriteBuffer (q, d, CL_FALSE, off, c, slot, 0, NULL, &ev[i & 1]);
		  clFlush (q);
		}
	      clFinish (q);
	      for (int j = 0; j < 2; j++) if (ev[j]) clReleaseEvent (ev[j]);
	    }
	  if (k == 6)
	    {
#pragma omp parallel for
	      for (size_t off = 0; off < bytes; off += 1 << 20)
		cpy (h2 + off, h + off, 1 << 20);
	    }
	  if (k == 7)
	    {
	      size_t c = 16 << 20;
	      cl_event ev[2] = { NULL, NULL };
	      for (size_t off = 0, i = 0; off < bytes; off += c, i++)
		{
		  char *slot = pp + (i & 1) * c;
		  if (ev[i & 1]) { clWaitForEvents (1, &ev[i & 1]); clReleaseEvent (ev[i & 1]); }
#pragma omp parallel for
		  for (size_t o = 0; o < c; o += 1 << 20)
		    cpy (slot + o, h + off + o, 1 << 20);
		  clEnqueueWriteBuffer (q, d, CL_FALSE, off, c, slot, 0, NULL, &ev[i & 1]);
		  clFlush (q);
		}
	      clFinish (q);
	      for (int j = 0; j < 2; j++) if (ev[j]) clReleaseEvent (ev[j]);
	    }
	  if (k == 8)
	    {
	      size_t c = 16 << 20, nc = bytes / c;
	      cl_event ev[2] = { NULL, NULL };
	      clEnqueueReadBuffer (q, d, CL_FALSE, 0, c, pp, 0, NULL, &ev[0]);
	      for (size_t i = 0; i < nc; i++)
		{
		  if (i + 1 < nc)
		    clEnqueueReadBuffer (q, d, CL_FALSE, (i + 1) * c, c, pp + ((i + 1) & 1) * c, 0, NULL, &ev[(i + 1) & 1]);
		  clFlush (q);
		  clWaitForEvents (1, &ev[i & 1]); clReleaseEvent (ev[i & 1]);
		  char *slot = pp + (i & 1) * c;
#pragma omp parallel for
		  for (size_t o = 0; o < c; o += 1 << 20)
		    cpy (h + i * c + o, slot + o, 1 << 20);
		}
	    }
	  t[r] = now () - t0;
	}
      qsort (t + 1, N, sizeof *t, cmp);
      printf ("%-18s %7.2f GB/s\n", names[kk], bytes / t[1 + N / 2] / 1e9);
    }
  return 0;
}
