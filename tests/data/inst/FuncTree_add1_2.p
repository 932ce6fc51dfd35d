% sequent FuncTree.add1:2
% sort int: erased (infinite in every intended model: erasure needs no monotonicity)
% sort obj: erased (infinite in every intended model: erasure needs no monotonicity)
cnf(le_refl_1, axiom, (int_lesseq(X0,X0))).
cnf(le_trans_2, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X2) | int_lesseq(X0,X2))).
cnf(le_antisym_3, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X0) | X0 = X1)).
cnf(le_total_4, axiom, (int_lesseq(X0,X1) | int_lesseq(X1,X0))).
cnf(lt_def_5, axiom, (~int_less(X0,X1) | int_lesseq(X0,X1))).
cnf(lt_def_6, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(lt_def_7, axiom, (~int_lesseq(X0,X1) | X0 = X1 | int_less(X0,X1))).
cnf(lt_succ_8, axiom, (~int_less(X0,X1) | int_lesseq(int_plus(X0,int_1),X1))).
cnf(lt_succ_9, axiom, (~int_lesseq(int_plus(X0,int_1),X1) | int_less(X0,X1))).
cnf(add_comm_10, axiom, (int_plus(X0,X1) = int_plus(X1,X0))).
cnf(add_assoc_11, axiom, (int_plus(int_plus(X0,X1),X2) = int_plus(X0,int_plus(X1,X2)))).
cnf(add_zero_12, axiom, (int_plus(X0,int_0) = X0)).
cnf(add_cancel_13, axiom, (int_plus(X0,X1) != int_plus(X2,X1) | X0 = X2)).
cnf(add_mono_14, axiom, (~int_lesseq(X0,X1) | int_lesseq(int_plus(X0,X2),int_plus(X1,X2)))).
cnf(int_diff_def_15, axiom, (int_plus(int_minus(X0,X1),X1) = X0)).
cnf(int_neg_def_16, axiom, (int_neg(X0) = int_minus(int_0,X0))).
cnf(mult_one_17, axiom, (int_times(X0,int_1) = X0)).
cnf(mult_zero_18, axiom, (int_times(X0,int_0) = int_0)).
cnf(zero_lt_one_19, axiom, (int_less(int_0,int_1))).
cnf(mod_range_20, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_lesseq(int_0,int_mod(X0,X1)))).
cnf(mod_range_21, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_less(int_mod(X0,X1),X1))).
cnf(lt_irrefl_22, axiom, (~int_less(X0,X0))).
cnf(lt_trans_23, axiom, (~int_less(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_asym_24, axiom, (~int_less(X0,X1) | ~int_less(X1,X0))).
cnf(not_lt_25, axiom, (int_less(X0,X1) | int_lesseq(X1,X0))).
cnf(not_lt_26, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X0))).
cnf(not_le_27, axiom, (int_lesseq(X0,X1) | int_less(X1,X0))).
cnf(not_le_28, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X0))).
cnf(le_lt_trans_29, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_le_trans_30, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X2) | int_less(X0,X2))).
cnf(lt_ne_31, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(heap_1_32, axiom, (c_Pair(null))).
cnf(heap_2_33, axiom, (~c_Pair(X0) | ~c_FuncTree(X0) | X0 = null)).
cnf(heap_3_34, axiom, (c_FuncTree(null))).
cnf(heap_4_35, axiom, (c_Object_alloc(null))).
cnf(typing_5_36, axiom, (int_lesseq(int_0,c_Array_length(X0)))).
cnf(typing_6_37, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_Pair_data(X0)))).
cnf(typing_7_38, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_data(X0)))).
cnf(typing_8_39, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_left(X0)))).
cnf(typing_9_40, axiom, (c_FuncTree(c_FuncTree_left(X0)))).
cnf(typing_10_41, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_right(X0)))).
cnf(typing_11_42, axiom, (c_FuncTree(c_FuncTree_right(X0)))).
cnf(pre_12_43, axiom, (c_FuncTree_add1_v != null)).
cnf(pre_13_44, axiom, (~c_FuncTree_content(c_FuncTree_add1_t,c_FuncTree_add1_k,X0))).
cnf(inv_14_45, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_14_46, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_14_47, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_48, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_49, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_15_50, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_16_51, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_17_52, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_18_53, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_19_54, axiom, (c_Object_alloc(c_FuncTree_add1_v))).
cnf(typing_20_55, axiom, (c_Object_alloc(c_FuncTree_add1_t))).
cnf(typing_21_56, axiom, (c_FuncTree(c_FuncTree_add1_t))).
cnf(branch_22_57, axiom, (c_FuncTree_add1_t = null)).
cnf(typing_23_58, axiom, (r_1 != null)).
cnf(typing_23_59, axiom, (~c_Object_alloc(r_1))).
cnf(typing_23_60, axiom, (c_FuncTree(r_1))).
cnf(typing_23_61, axiom, (~c_Pair(r_1))).
cnf(stmt_24_62, axiom, (~c_Object_alloc_2(X0) | X0 = r_1 | c_Object_alloc(X0))).
cnf(stmt_24_63, axiom, (X0 != r_1 | c_Object_alloc_2(X0))).
cnf(stmt_24_64, axiom, (~c_Object_alloc(X0) | c_Object_alloc_2(X0))).
cnf(stmt_25_65, axiom, (X0 != r_1 | c_FuncTree_key_2(X0) = int_0)).
cnf(stmt_25_66, axiom, (X0 = r_1 | c_FuncTree_key_2(X0) = c_FuncTree_key(X0))).
cnf(stmt_26_67, axiom, (X0 != r_1 | c_FuncTree_data_2(X0) = null)).
cnf(stmt_26_68, axiom, (X0 = r_1 | c_FuncTree_data_2(X0) = c_FuncTree_data(X0))).
cnf(stmt_27_69, axiom, (X0 != r_1 | c_FuncTree_left_2(X0) = null)).
cnf(stmt_27_70, axiom, (X0 = r_1 | c_FuncTree_left_2(X0) = c_FuncTree_left(X0))).
cnf(stmt_28_71, axiom, (X0 != r_1 | c_FuncTree_right_2(X0) = null)).
cnf(stmt_28_72, axiom, (X0 = r_1 | c_FuncTree_right_2(X0) = c_FuncTree_right(X0))).
cnf(stmt_29_73, axiom, (~c_FuncTree_content_2(X0,X1,X2) | X0 != r_1)).
cnf(stmt_29_74, axiom, (~c_FuncTree_content_2(X0,X1,X2) | X0 = r_1 | c_FuncTree_content(X0,X1,X2))).
cnf(stmt_29_75, axiom, (X0 = r_1 | ~c_FuncTree_content(X0,X1,X2) | c_FuncTree_content_2(X0,X1,X2))).
cnf(heap_30_76, axiom, (c_Object_alloc_2(null))).
cnf(typing_31_77, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_Pair_data(X0)))).
cnf(typing_32_78, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_FuncTree_data_2(X0)))).
cnf(typing_33_79, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_FuncTree_left_2(X0)))).
cnf(typing_34_80, axiom, (c_FuncTree(c_FuncTree_left_2(X0)))).
cnf(typing_35_81, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_FuncTree_right_2(X0)))).
cnf(typing_36_82, axiom, (c_FuncTree(c_FuncTree_right_2(X0)))).
cnf(stmt_37_83, axiom, (X0 != r_1 | c_FuncTree_data_3(X0) = c_FuncTree_add1_v)).
cnf(stmt_37_84, axiom, (X0 = r_1 | c_FuncTree_data_3(X0) = c_FuncTree_data_2(X0))).
cnf(typing_38_85, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_FuncTree_data_3(X0)))).
cnf(stmt_39_86, axiom, (X0 != r_1 | c_FuncTree_key_3(X0) = c_FuncTree_add1_k)).
cnf(stmt_39_87, axiom, (X0 = r_1 | c_FuncTree_key_3(X0) = c_FuncTree_key_2(X0))).
cnf(stmt_40_88, axiom, (X0 != r_1 | c_FuncTree_left_3(X0) = null)).
cnf(stmt_40_89, axiom, (X0 = r_1 | c_FuncTree_left_3(X0) = c_FuncTree_left_2(X0))).
cnf(typing_41_90, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_FuncTree_left_3(X0)))).
cnf(typing_42_91, axiom, (c_FuncTree(c_FuncTree_left_3(X0)))).
cnf(stmt_43_92, axiom, (X0 != r_1 | c_FuncTree_right_3(X0) = null)).
cnf(stmt_43_93, axiom, (X0 = r_1 | c_FuncTree_right_3(X0) = c_FuncTree_right_2(X0))).
cnf(typing_44_94, axiom, (~c_Object_alloc_2(X0) | c_Object_alloc_2(c_FuncTree_right_3(X0)))).
cnf(typing_45_95, axiom, (c_FuncTree(c_FuncTree_right_3(X0)))).
cnf(stmt_46_96, axiom, (~c_FuncTree_content_3(X0,X1,X2) | X0 != r_1 | X1 = c_FuncTree_add1_k)).
cnf(stmt_46_97, axiom, (~c_FuncTree_content_3(X0,X1,X2) | X0 != r_1 | X2 = c_FuncTree_add1_v)).
cnf(stmt_46_98, axiom, (~c_FuncTree_content_3(X0,X1,X2) | X0 = r_1 | c_FuncTree_content_2(X0,X1,X2))).
cnf(stmt_46_99, axiom, (X0 = r_1 | ~c_FuncTree_content_2(X0,X1,X2) | c_FuncTree_content_3(X0,X1,X2))).
cnf(stmt_46_100, axiom, (X0 != c_FuncTree_add1_k | X1 != c_FuncTree_add1_v | X2 != r_1 | c_FuncTree_content_3(X2,X0,X1))).
cnf(stmt_46_101, axiom, (X0 != c_FuncTree_add1_k | X1 != c_FuncTree_add1_v | ~c_FuncTree_content_2(X2,X0,X1) | c_FuncTree_content_3(X2,X0,X1))).
cnf(stmt_47_102, axiom, (result_3 = r_1)).
cnf(int_literal_order_103, axiom, (int_less(int_0,int_1))).
cnf('FuncTree.add1:2_104', negated_conjecture, (c_Object_alloc_2(sk0))).
cnf('FuncTree.add1:2_105', negated_conjecture, (c_FuncTree(sk0))).
cnf('FuncTree.add1:2_106', negated_conjecture, (sk0 != null)).
cnf('FuncTree.add1:2_107', negated_conjecture, (c_FuncTree_content_3(sk0,sk2,sk1) | sk4 = c_FuncTree_key_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_108', negated_conjecture, (c_FuncTree_content_3(sk0,sk2,sk1) | sk3 = c_FuncTree_data_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_109', negated_conjecture, (c_FuncTree_content_3(sk0,sk2,sk1) | ~c_FuncTree_content_3(sk0,sk4,sk3))).
cnf('FuncTree.add1:2_110', negated_conjecture, (sk2 != c_FuncTree_key_3(sk0) | sk1 != c_FuncTree_data_3(sk0) | sk4 = c_FuncTree_key_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_111', negated_conjecture, (sk2 != c_FuncTree_key_3(sk0) | sk1 != c_FuncTree_data_3(sk0) | sk3 = c_FuncTree_data_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_112', negated_conjecture, (sk2 != c_FuncTree_key_3(sk0) | sk1 != c_FuncTree_data_3(sk0) | ~c_FuncTree_content_3(sk0,sk4,sk3))).
cnf('FuncTree.add1:2_113', negated_conjecture, (~c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk2,sk1) | sk4 = c_FuncTree_key_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_114', negated_conjecture, (~c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk2,sk1) | sk3 = c_FuncTree_data_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_115', negated_conjecture, (~c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk2,sk1) | ~c_FuncTree_content_3(sk0,sk4,sk3))).
cnf('FuncTree.add1:2_116', negated_conjecture, (~c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk2,sk1) | sk4 = c_FuncTree_key_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_117', negated_conjecture, (~c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk2,sk1) | sk3 = c_FuncTree_data_3(sk0) | c_FuncTree_content_3(c_FuncTree_left_3(sk0),sk4,sk3) | c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk4,sk3))).
cnf('FuncTree.add1:2_118', negated_conjecture, (~c_FuncTree_content_3(c_FuncTree_right_3(sk0),sk2,sk1) | ~c_FuncTree_content_3(sk0,sk4,sk3))).
