// sgemm_cublas.cu -- the vendor-library ceiling for progs/matmul.c: cuBLAS
// SGEMM (plain FP32, default math mode: no TF32) on the same row-major
// problem C = A * B, timed as the harness times the other variants: first
// call (handle creation and first product, with transfers), end to end
// (copy A and B in, multiply, copy C out) and kernel only (CUDA events),
// medians after warm-up, checked on a sample of entries in double.  Also
// measures the device-to-device copy bandwidth (bytes read + written) that
// the reductions are compared with.  Built with nvcc on the GPU machine:
//   nvcc -O3 -o sgemm_cublas sgemm_cublas.cu -lcublas
// usage: sgemm_cublas copy | sgemm_cublas N...
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf (stderr, "%s: %s\n", #x, cudaGetErrorString (e_)); exit (3); } } while (0)
#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { \
  fprintf (stderr, "%s: status %d\n", #x, (int) s_); exit (3); } } while (0)

static double now_ms ()
{
  return std::chrono::duration<double, std::milli> (
    std::chrono::steady_clock::now ().time_since_epoch ()).count ();
}
static double median (std::vector<double> v)
{
  std::sort (v.begin (), v.end ());
  size_t k = v.size ();
  return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

static void copy_bw ()
{
  size_t bytes = (size_t) 2 << 30;
  char *a, *b;
  CK (cudaMalloc (&a, bytes));
  CK (cudaMalloc (&b, bytes));
  CK (cudaMemset (a, 1, bytes));
  cudaEvent_t e0, e1;
  cudaEventCreate (&e0); cudaEventCreate (&e1);
  std::vector<double> t;
  for (int r = 0; r < 12; r++)
    {
      cudaEventRecord (e0);
      CK (cudaMemcpy (b, a, bytes, cudaMemcpyDeviceToDevice));
      cudaEventRecord (e1);
      cudaEventSynchronize (e1);
      float ms; cudaEventElapsedTime (&ms, e0, e1);
      if (r >= 2) t.push_back (ms);
    }
  printf ("COPYBW,cuda,%zu,%.1f\n", bytes, 2.0 * bytes / (median (t) * 1e6));
  cudaFree (a); cudaFree (b);
}

int main (int argc, char **argv)
{
  if (argc > 1 && std::string (argv[1]) == "copy")
    {
      copy_bw ();
      return 0;
    }
  for (int ai = 1; ai < argc; ai++)
    {
      int n = atoi (argv[ai]);
      size_t cnt = (size_t) n * n, bytes = cnt * sizeof (float);
      std::vector<float> A (cnt), B (cnt), C (cnt, NAN);
      unsigned long long s = 12345;
      for (size_t i = 0; i < cnt; i++)
	{
	  s = s * 6364136223846793005ull + 1442695040888963407ull;
	  A[i] = (float) ((s >> 40) * (1.0 / 16777216.0)) - 0.5f;
	  s = s * 6364136223846793005ull + 1442695040888963407ull;
	  B[i] = (float) ((s >> 40) * (1.0 / 16777216.0)) - 0.5f;
	}
      float *dA, *dB, *dC, one = 1.0f, zero = 0.0f;
      cublasHandle_t h;
      cudaEvent_t e0, e1;
      double t0 = now_ms ();
      CB (cublasCreate (&h));
      CK (cudaMalloc (&dA, bytes)); CK (cudaMalloc (&dB, bytes)); CK (cudaMalloc (&dC, bytes));
      auto run = [&] (bool copies) {
	if (copies)
	  {
	    CK (cudaMemcpy (dA, A.data (), bytes, cudaMemcpyHostToDevice));
	    CK (cudaMemcpy (dB, B.data (), bytes, cudaMemcpyHostToDevice));
	  }
	// Row-major C = A B is column-major C^T = B^T A^T.
	CB (cublasSgemm (h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, dB, n, dA, n,
			 &zero, dC, n));
	if (copies)
	  CK (cudaMemcpy (C.data (), dC, bytes, cudaMemcpyDeviceToHost));
	else
	  CK (cudaDeviceSynchronize ());
      };
      run (true);
      double first = now_ms () - t0;
      cudaEventCreate (&e0); cudaEventCreate (&e1);
      run (true); run (true);
      std::vector<double> e2e, ker;
      double total = 0;
      while (e2e.size () < 10 && (e2e.size () < 3 || total < 1000))
	{
	  double t = now_ms ();
	  run (true);
	  e2e.push_back (now_ms () - t);
	  total += e2e.back ();
	}
      for (int r = 0; r < 10; r++)
	{
	  cudaEventRecord (e0);
	  CB (cublasSgemm (h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, dB, n, dA,
			   n, &zero, dC, n));
	  cudaEventRecord (e1);
	  cudaEventSynchronize (e1);
	  float ms; cudaEventElapsedTime (&ms, e0, e1);
	  ker.push_back (ms);
	}
      CK (cudaGetLastError ());
      int bad = -1;
      for (int k = 0; k < 4096 && bad < 0; k++)
	{
	  size_t e = k == 0 ? 0 : (size_t) ((k * 2654435761ull) % cnt);
	  size_t i = e / n, j = e % n;
	  double want = 0, mag = 0;
	  for (int q = 0; q < n; q++)
	    {
	      want += (double) A[i * n + q] * B[(size_t) q * n + j];
	      mag += fabs ((double) A[i * n + q] * B[(size_t) q * n + j]);
	    }
	  if (!(fabs (C[e] - want) <= 1e-5 * mag + 1e-6))
	    bad = (int) e;
	}
      printf ("RESULT,matmul,cublas,%d,%.4f,%.4f,%.4f,%zu,%s,%.0f,%.0f\n", n,
	      first, median (e2e), median (ker), ker.size (),
	      bad < 0 ? "ok-sampled" : "FAIL: sampled entry differs",
	      12.0 * n * n, 2.0 * n * n * (double) n);
      cublasDestroy (h);
      cudaFree (dA); cudaFree (dB); cudaFree (dC);
    }
  return 0;
}
