# writes the configuration lists of the sherman2 sweep (one line of KSP + PC options each)
K = ["-ksp_type bcgs", "-ksp_type gmres -ksp_gmres_restart 20", "-ksp_type gmres -ksp_gmres_restart 50",
     "-ksp_type gmres -ksp_gmres_restart 200", "-ksp_type fgmres -ksp_gmres_restart 50", "-ksp_type tfqmr", "-ksp_type bcgsl"]
def w(name, pcs):
    with open(name, "w") as f:
        for p in pcs:
            for k in K:
                f.write(f"{k} {p}\n")
ref = ["-pc_type none", "-pc_type jacobi", "-pc_type ilu", "-pc_type sor", "-pc_type eisenstat", "-pc_type sor -pc_sor_omega 0.5",
       "-pc_type ilu -pc_factor_levels 1", "-pc_type lu"]
w("cfg/sherman2_ref.cfg", ref)
mosd = []
for m in range(1, 9):
    for om in ["0", "0.01", "0.1", "0.5"]:
        for wt in ["scaled", "abs"]:
            for d in [0, 1, 2]:
                mosd.append(f"-pc_type mosd -pc_mosd_m {m} -pc_mosd_omega {om} -pc_mosd_weight {wt} -pc_mosd_diagonal {d}")
w("cfg/sherman2_mosd.cfg", mosd)
alt = []
for m in range(1, 9):
    for om in ["0", "0.01", "0.1", "0.5"]:
        for wt in ["scaled", "abs"]:
            alt.append(f"-pc_type altsplit -pc_altsplit_m {m} -pc_altsplit_omega {om} -pc_altsplit_weight {wt}")
w("cfg/sherman2_altsplit.cfg", alt)
# ALT-o needs a flexible KSP
with open("cfg/sherman2_alto.cfg", "w") as f:
    for m in range(1, 9):
        for om in ["0", "0.01", "0.1", "0.5"]:
            for wt in ["scaled", "abs"]:
                for k in ["-ksp_type fgmres -ksp_gmres_restart 50", "-ksp_type fgmres -ksp_gmres_restart 200", "-ksp_type gcr"]:
                    f.write(f"{k} -pc_type altsplit -pc_altsplit_type outer -pc_altsplit_m {m} -pc_altsplit_omega {om} -pc_altsplit_weight {wt}\n")
mosa = []
for m in range(1, 9):
    for wt in ["scaled", "abs"]:
        for extra in ["", "-pc_mosa_droptol 0", "-pc_mosa_exact_product"]:
            mosa.append(f"-pc_type mosa -pc_mosa_m {m} -pc_mosa_weight {wt} {extra}".strip())
w("cfg/sherman2_mosa.cfg", mosa)
alg = []
for b in [1, 2]:
    for n in [1, 2]:
        for wt in ["scaled", "abs"]:
            for pv in ["scaled", "partial", "none"]:
                alg.append(f"-pc_type algtri -pc_algtri_block {b} -pc_algtri_factor_n {n} -pc_algtri_weight {wt} -pc_algtri_pivoting {pv}")
w("cfg/sherman2_algtri.cfg", alg)
# shifts and automatic m, problem scaling (KSPSetDiagonalScale), on the defaults of each PC
misc = []
for pc in ["mosd -pc_mosd_m 2", "mosd -pc_mosd_m 4", "mosd", "altsplit", "altsplit -pc_altsplit_m 2", "mosa", "mosa -pc_mosa_m 2", "algtri", "algtri -pc_algtri_block 2", "algtri -pc_algtri_factor_n 1"]:
    t = pc.split()[0]
    for extra in [f"-pc_{t}_shift_type none", f"-pc_{t}_shift_amount 1e-2", f"-pc_{t}_shift_amount 1e-1",
                  "-ksp_diagonal_scale -ksp_diagonal_scale_fix", f"-pc_{t}_coverage 0.999 -pc_{t}_m_max 8" if t != "algtri" else f"-pc_{t}_factor_seed 7",
                  f"-pc_{t}_factor_iterations 20", f"-pc_{t}_factor_charge_period 1"]:
        misc.append(f"-pc_type {pc} {extra}")
w("cfg/sherman2_misc.cfg", misc)
