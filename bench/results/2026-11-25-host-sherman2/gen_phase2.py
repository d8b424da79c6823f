# phase 2 on sherman2: the forest-extraction knobs around the first hit (algtri, 2x2 blocks, charge period 1)
K = ["-ksp_type bcgs", "-ksp_type gmres -ksp_gmres_restart 50", "-ksp_type gmres -ksp_gmres_restart 200", "-ksp_type tfqmr"]
pcs = []
for b in [2, 1]:
    for piv in ["scaled", "none"]:
        for wt in ["scaled", "abs"]:
            for seed in range(10):
                pcs.append(f"-pc_type algtri -pc_algtri_block {b} -pc_algtri_pivoting {piv} -pc_algtri_weight {wt} -pc_algtri_factor_seed {seed}")
            for it in [5, 10, 20, 50]:
                for cp in [1, 2, 3]:
                    pcs.append(f"-pc_type algtri -pc_algtri_block {b} -pc_algtri_pivoting {piv} -pc_algtri_weight {wt} -pc_algtri_factor_iterations {it} -pc_algtri_factor_charge_period {cp}")
            for p in ["0.25", "0.75"]:
                pcs.append(f"-pc_type algtri -pc_algtri_block {b} -pc_algtri_pivoting {piv} -pc_algtri_weight {wt} -pc_algtri_factor_p {p}")
with open("cfg/sherman2_phase2.cfg", "w") as f:
    for p in pcs:
        for k in K:
            f.write(f"{k} {p}\n")
# the diagonally scaled system (KSPSetDiagonalScale) converged with a scaled rtol of 1e-6 but a true residual of 1e-4 to 1e-5:
# the same with a tighter rtol, to see whether the true 1e-6 is reached
with open("cfg/sherman2_dscale.cfg", "w") as f:
    for pc in ["algtri", "algtri -pc_algtri_block 2", "algtri -pc_algtri_block 2 -pc_algtri_factor_charge_period 1", "mosd -pc_mosd_m 2", "mosd -pc_mosd_m 4", "altsplit -pc_altsplit_m 2", "mosa -pc_mosa_m 2", "algtri -pc_algtri_factor_n 1"]:
        for k in K + ["-ksp_type fgmres -ksp_gmres_restart 50"]:
            for rt in ["1e-8", "1e-9"]:
                f.write(f"{k} -pc_type {pc} -ksp_diagonal_scale -ksp_diagonal_scale_fix -ksp_rtol {rt}\n")
