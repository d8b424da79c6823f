/* SPDX-License-Identifier: BSD-2-Clause */
/*
   definite_test.cu - the cut of a symmetric tridiagonal chain where it stops being positive definite
   (ts_ref_definite_paths, src/kernels/reference/definite.c; its twin ts_cuda_definite_paths,
   src/kernels/cuda/definite.cu).

   1. Hand-made chains whose cuts are known: tridiag(0.6, 1, 0.6) has the pivots 1, 0.64, 0.4375, 0.1771,
      then 1 - 0.36/0.1771 < 0, so with eps 1e-8 it is cut at the links (3,4), (7,8), ... (every fourth), with
      eps 0.5 at every second link; two paths (a zero coupling between them) restart the recurrence; a chain
      that refuses the cut (nonsymmetric, one nonsymmetric link, one negative diagonal entry, one link that
      is not positive definite as a 2x2 block) is left bit for bit; a dominant chain is not cut; a positive
      definite chain is not cut, even with a pivot below eps times its diagonal entry, unless another stretch
      of the chain is indefinite.
   2. A positive definite chain is left as it is; in an indefinite one every stretch that is left is positive
      definite: the pivots of the cut chain, recomputed, are above eps times their diagonal entries on every
      judged link.
   3. The CUDA twin's logic against the reference, bit for bit (the bands and the count), on random chains of
      1 to 300,000 rows (symmetric, nonsymmetric, indefinite, zero couplings, dominant), eps 1e-8 and 0.5:
      without --device its two kernels run on the host (the starts of every stretch and the refusal marked
      before any link is dropped, then the stretches from the last to the first, as no device order is
      promised); with --device the kernels.

   usage: definite_test [--device] [--quick]     (--quick: at most 1000 rows, for compute-sanitizer)
   Last line: "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"

static int g_pass = 0, g_fail = 0;

static void expect(bool ok, const std::string &what)
{
  if (ok) g_pass++;
  else {
    g_fail++;
    printf("FAIL %s\n", what.c_str());
  }
}

struct Chain {
  std::vector<double> a, b, c;
  ts_int              n() const { return (ts_int)b.size(); }
};

static Chain constant_chain(ts_int n, double sub, double diag, double super)
{
  Chain ch;
  ch.a.assign(n, sub), ch.b.assign(n, diag), ch.c.assign(n, super);
  if (n) ch.a[0] = ch.c[n - 1] = 0.0;
  return ch;
}

static unsigned long long g_state = 2026112901ULL;
static double             uniform() /* [0, 1) */
{
  g_state = g_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(g_state >> 11) / 9007199254740992.0;
}

enum Family { SYMMETRIC, NONSYMMETRIC, INDEFINITE, DOMINANT, FAMILIES };
static const char *family_name[] = {"symmetric", "nonsymmetric", "indefinite", "dominant"};

/* random chains with zero couplings (path ends) at a rate p_end: symmetric ones with positive diagonals and
   links positive definite as 2x2 blocks (|v| up to 0.95 sqrt(b_{i-1} b_i): often indefinite as chains),
   nonsymmetric ones, symmetric ones with a few negative diagonal entries and links that are not positive
   definite as 2x2 blocks (refused whole), and strictly diagonally dominant symmetric ones */
static Chain random_chain(ts_int n, int family, double p_end)
{
  Chain ch = constant_chain(n, 0, 0, 0);

  for (ts_int i = 0; i < n; i++) ch.b[i] = 0.5 + uniform();
  if (family == INDEFINITE && n > 2) ch.b[n / 2] = -ch.b[n / 2];
  for (ts_int i = 1; i < n; i++) {
    if (uniform() < p_end) continue;
    const double v = (2 * uniform() - 1) * 0.95 * sqrt(ch.b[i - 1] * ch.b[i]);

    switch (family) {
    case SYMMETRIC:
      ch.a[i] = ch.c[i - 1] = v;
      break;
    case NONSYMMETRIC:
      ch.a[i] = v, ch.c[i - 1] = v * (0.5 + uniform());
      break;
    case INDEFINITE:
      ch.a[i] = ch.c[i - 1] = uniform() < 0.05 ? 4 * v : v;
      break;
    default:
      ch.a[i] = ch.c[i - 1] = (2 * uniform() - 1) * 0.25;
      break;
    }
  }
  if (family == INDEFINITE && n == 2) ch.b[1] = -ch.b[1];
  if (family == INDEFINITE && n == 1) ch.b[0] = 0.0;
  if (family == DOMINANT)
    for (ts_int i = 0; i < n; i++) ch.b[i] = 1.01 * ((i ? fabs(ch.a[i]) : 0.0) + (i + 1 < n ? fabs(ch.c[i]) : 0.0)) + 1e-3;
  return ch;
}

/* the device kernels' logic on the host: every start marked first, then one stretch per start */
static ts_int host_sim(Chain &ch, double eps)
{
  const ts_int       n = ch.n();
  std::vector<char>  start(n);
  ts_int             cut = 0;
  int                refused = 0;

  for (ts_int i = 0; i < n; i++) {
    start[i] = i == 0 || !ts_definite_link(i, ch.a.data(), ch.b.data(), ch.c.data());
    refused  = refused || ts_definite_refuses(i, ch.a.data(), ch.b.data(), ch.c.data());
  }
  if (refused) return 0;
  int indefinite = 0;
  for (ts_int s = 0; s < n; s++) /* one thread per stretch flags an indefinite one */
    if (start[s] && !ts_definite_stretch_positive(n, s, ch.a.data(), ch.b.data(), ch.c.data())) indefinite = 1;
  if (!indefinite) return 0;
  for (ts_int s = n - 1; s >= 0; s--) {
    ts_int k = 0;

    if (!start[s]) continue;
    (void)ts_definite_stretch(n, s, eps, ch.a.data(), ch.b.data(), ch.c.data(), &k);
    cut += k;
  }
  return cut;
}

static bool device_run(Chain &ch, double eps, ts_int *cut)
{
  const ts_int n = ch.n();
  double      *d[3];
  ts_int      *dcut;
  void        *buf;
  std::vector<double> *h[3] = {&ch.a, &ch.b, &ch.c};

  for (int k = 0; k < 3; k++) {
    if (cudaMalloc(&d[k], sizeof(double) * (n + 1)) != cudaSuccess) return false;
    cudaMemcpy(d[k], h[k]->data(), sizeof(double) * n, cudaMemcpyHostToDevice);
  }
  if (cudaMalloc(&dcut, sizeof(ts_int)) != cudaSuccess || cudaMalloc(&buf, ts_cuda_definite_paths_buffer_size(n)) != cudaSuccess) return false;
  const ts_status st = ts_cuda_definite_paths(nullptr, n, eps, d[0], d[1], d[2], dcut, buf);
  for (int k = 0; k < 3; k++) cudaMemcpy(h[k]->data(), d[k], sizeof(double) * n, cudaMemcpyDeviceToHost);
  cudaMemcpy(cut, dcut, sizeof(ts_int), cudaMemcpyDeviceToHost);
  for (int k = 0; k < 3; k++) cudaFree(d[k]);
  cudaFree(dcut), cudaFree(buf);
  return st == TS_SUCCESS && cudaDeviceSynchronize() == cudaSuccess;
}

static bool same_bits(const std::vector<double> &x, const std::vector<double> &y) { return x.size() == y.size() && (x.empty() || !memcmp(x.data(), y.data(), sizeof(double) * x.size())); }

/* the pivots of every stretch left, recomputed: above eps times the diagonal on every judged link */
static bool stretches_definite(const Chain &ch, double eps)
{
  double d = ch.n() ? ch.b[0] : 0;

  for (ts_int i = 1; i < ch.n(); i++) {
    if (!ts_definite_link(i, ch.a.data(), ch.b.data(), ch.c.data())) {
      d = ch.b[i];
      continue;
    }
    d = ch.b[i] - ch.a[i] * ch.c[i - 1] / d;
    if (!(d > eps * ch.b[i])) return false;
  }
  return true;
}

/* the reference and the twin (simulated or on the device) on one chain: the same bands bit for bit and count */
static void twin(const Chain &ch, double eps, bool device, const std::string &name)
{
  Chain  ref = ch, got = ch;
  ts_int rcut = ts_ref_definite_paths(ref.n(), eps, ref.a.data(), ref.b.data(), ref.c.data()), gcut = -1;

  if (device) {
    if (!device_run(got, eps, &gcut)) gcut = -2;
  } else gcut = host_sim(got, eps);
  expect(rcut == gcut && same_bits(ref.a, got.a) && same_bits(ref.b, got.b) && same_bits(ref.c, got.c), name + ": " + (device ? "device" : "simulation") + " cuts " + std::to_string(gcut) + " links, the reference " + std::to_string(rcut));
  bool refused = false, positive = true;

  for (ts_int i = 0; i < ch.n(); i++) {
    refused = refused || ts_definite_refuses(i, ch.a.data(), ch.b.data(), ch.c.data());
    if (i == 0 || !ts_definite_link(i, ch.a.data(), ch.b.data(), ch.c.data())) positive = positive && ts_definite_stretch_positive(ch.n(), i, ch.a.data(), ch.b.data(), ch.c.data());
  }
  /* a positive definite chain is left as it is; an indefinite one keeps only stretches with pivots above eps */
  if (!refused && positive) expect(rcut == 0 && same_bits(ref.a, ch.a) && same_bits(ref.c, ch.c), name + ": a positive definite chain cut");
  else expect(refused || stretches_definite(ref, eps), name + ": a stretch left with a pivot below eps");
}

int main(int argc, char **argv)
{
  bool         device = false, quick = false;

  for (int k = 1; k < argc; k++) {
    device = device || !strcmp(argv[k], "--device");
    quick  = quick || !strcmp(argv[k], "--quick");
  }

  /* 1. hand-made chains, with eps = 1e-8 (the pivots' signs) */
  const double tiny = 1e-8;
  {
    Chain  ch  = constant_chain(10, 0.6, 1.0, 0.6);
    ts_int cut = ts_ref_definite_paths(ch.n(), tiny, ch.a.data(), ch.b.data(), ch.c.data());
    bool   ok  = cut == 2;

    for (ts_int i = 1; i < 10; i++) ok = ok && (i == 4 || i == 8 ? ch.a[i] == 0 && ch.c[i - 1] == 0 : ch.a[i] == 0.6 && ch.c[i - 1] == 0.6);
    expect(ok, "tridiag(0.6, 1, 0.6), 10 rows, eps 1e-8: cut at the links (3,4) and (7,8) only, got " + std::to_string(cut) + " cuts");
    twin(constant_chain(10, 0.6, 1.0, 0.6), tiny, device, "tridiag(0.6, 1, 0.6), eps 1e-8");
  }
  {
    /* eps 0.5: the pivot 0.4375 of row 2 is below half its diagonal: cuts at (1,2), (3,4), (5,6), (7,8) */
    Chain  ch  = constant_chain(10, 0.6, 1.0, 0.6);
    ts_int cut = ts_ref_definite_paths(ch.n(), 0.5, ch.a.data(), ch.b.data(), ch.c.data());
    bool   ok  = cut == 4;

    for (ts_int i = 1; i < 10; i++) ok = ok && (i % 2 == 0 ? ch.a[i] == 0 && ch.c[i - 1] == 0 : ch.a[i] == 0.6 && ch.c[i - 1] == 0.6);
    expect(ok, "tridiag(0.6, 1, 0.6), 10 rows, eps 0.5: cut at every second link, got " + std::to_string(cut) + " cuts");
    twin(constant_chain(10, 0.6, 1.0, 0.6), 0.5, device, "tridiag(0.6, 1, 0.6), eps 0.5");
  }
  {
    /* two paths of 5 and 7 rows (zero coupling between them): cuts at (3,4) and, in the second, (8,9) */
    Chain ch = constant_chain(12, 0.6, 1.0, 0.6);
    ch.a[5] = ch.c[4] = 0.0;
    const Chain ch0 = ch;
    ts_int      cut = ts_ref_definite_paths(ch.n(), tiny, ch.a.data(), ch.b.data(), ch.c.data());

    expect(cut == 2 && ch.a[4] == 0 && ch.a[9] == 0 && ch.a[8] == 0.6 && ch.a[10] == 0.6, "two paths: cuts at (3,4) and (8,9), got " + std::to_string(cut));
    twin(ch0, tiny, device, "two paths");
  }
  /* chains that refuse the cut, left bit for bit as they are: a nonsymmetric chain; the symmetric one with one
     nonsymmetric link, one negative diagonal entry, or one link that is not positive definite as a 2x2 block */
  for (int k = 0; k < 4; k++) {
    const char *what[] = {"tridiag(0.6, 1, 0.7)", "one nonsymmetric link", "one negative diagonal entry", "one indefinite 2x2 link"};
    Chain       ch     = constant_chain(10, 0.6, 1.0, k == 0 ? 0.7 : 0.6);

    if (k == 1) ch.c[5] = 0.7;
    if (k == 2) ch.b[2] = -1.0;
    if (k == 3) ch.a[7] = ch.c[6] = 1.5;
    const Chain ch0 = ch;
    ts_int      cut = ts_ref_definite_paths(ch.n(), tiny, ch.a.data(), ch.b.data(), ch.c.data());

    expect(cut == 0 && same_bits(ch.a, ch0.a) && same_bits(ch.b, ch0.b) && same_bits(ch.c, ch0.c), std::string(what[k]) + ": refused, not cut, got " + std::to_string(cut));
    twin(ch0, tiny, device, what[k]);
  }
  {
    const Chain ch0 = constant_chain(1000, -1.0, 2.0 + 1e-3, -1.0); /* strictly dominant: pivots above half the diagonal */
    Chain       ch  = ch0;
    ts_int      cut = ts_ref_definite_paths(ch.n(), 0.5, ch.a.data(), ch.b.data(), ch.c.data());

    expect(cut == 0 && same_bits(ch.a, ch0.a) && same_bits(ch.c, ch0.c), "tridiag(-1, 2.001, -1), eps 0.5: not cut");
  }
  {
    /* positive definite, one pivot far below half its diagonal entry (1 - 0.95^2 = 0.0975), on a path beside an
       indefinite one: a chain with an indefinite stretch is cut everywhere, one without is left as it is */
    Chain ch = constant_chain(2, 0.95, 1.0, 0.95);
    ts_int cut = ts_ref_definite_paths(ch.n(), 0.5, ch.a.data(), ch.b.data(), ch.c.data());

    expect(cut == 0 && ch.a[1] == 0.95, "[1 0.95; 0.95 1], eps 0.5: positive definite, not cut");
    twin(constant_chain(2, 0.95, 1.0, 0.95), 0.5, device, "[1 0.95; 0.95 1], eps 0.5");
    Chain two = constant_chain(12, 0.6, 1.0, 0.6); /* rows 0-1: [1 0.95; 0.95 1]; rows 2-11: tridiag(0.6, 1, 0.6) */
    two.a[1] = two.c[0] = 0.95;
    two.a[2] = two.c[1] = 0.0;
    const Chain two0 = two;
    cut = ts_ref_definite_paths(two.n(), 0.5, two.a.data(), two.b.data(), two.c.data());
    expect(cut == 5 && two.a[1] == 0.0, "[1 0.95; 0.95 1] beside tridiag(0.6, 1, 0.6), eps 0.5: both cut (5 links), got " + std::to_string(cut));
    twin(two0, 0.5, device, "[1 0.95; 0.95 1] beside tridiag(0.6, 1, 0.6)");
  }

  /* 2, 3: random chains, with eps 1e-8 and the PCs' TS_DEFINITE_EPS */
  const ts_int sizes[] = {1, 2, 3, 31, 100, 1000, 300000};
  ts_int       cuts[FAMILIES] = {0, 0, 0, 0};
  for (double e : {tiny, (double)TS_DEFINITE_EPS})
    for (ts_int n : sizes) {
      if (quick && n > 1000) continue;
      for (int f = 0; f < FAMILIES; f++)
        for (double p_end : {0.0, 0.05, 0.5}) {
          const Chain ch = random_chain(n, f, p_end);
          Chain       r  = ch;
          const ts_int k = ts_ref_definite_paths(n, e, r.a.data(), r.b.data(), r.c.data());

          cuts[f] += k;
          if (f == NONSYMMETRIC || f == INDEFINITE) expect(k == 0 && same_bits(r.a, ch.a) && same_bits(r.c, ch.c), std::string("random ") + family_name[f] + " chain of " + std::to_string(n) + " rows: not cut");
          if (f == DOMINANT && e == tiny) expect(k == 0, std::string("random dominant chain of ") + std::to_string(n) + " rows, eps 1e-8: not cut");
          twin(ch, e, device, std::string("random ") + family_name[f] + " chain of " + std::to_string(n) + " rows, p_end " + std::to_string(p_end) + ", eps " + std::to_string(e));
        }
    }
  /* the random symmetric positive definite-looking chains must meet cuts (the test would otherwise prove nothing) */
  printf("links cut: %d symmetric, %d nonsymmetric, %d indefinite, %d dominant\n", (int)cuts[SYMMETRIC], (int)cuts[NONSYMMETRIC], (int)cuts[INDEFINITE], (int)cuts[DOMINANT]);
  expect(cuts[SYMMETRIC] > 0, "cuts in the random symmetric chains");
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
