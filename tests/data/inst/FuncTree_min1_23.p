% sequent FuncTree.min1:23
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
cnf(pre_12_43, axiom, (c_FuncTree_content(c_FuncTree_min1_t,sk1,sk0))).
cnf(inv_13_44, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_13_45, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_13_46, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_13_47, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_13_48, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_49, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_15_50, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_16_51, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_17_52, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_18_53, axiom, (c_Object_alloc(c_FuncTree_min1_t))).
cnf(typing_19_54, axiom, (c_FuncTree(c_FuncTree_min1_t))).
cnf(typing_20_55, axiom, (r_14 != null)).
cnf(typing_20_56, axiom, (~c_Object_alloc(r_14))).
cnf(typing_20_57, axiom, (c_Pair(r_14))).
cnf(typing_20_58, axiom, (~c_FuncTree(r_14))).
cnf(stmt_21_59, axiom, (~c_Object_alloc_32(X0) | X0 = r_14 | c_Object_alloc(X0))).
cnf(stmt_21_60, axiom, (X0 != r_14 | c_Object_alloc_32(X0))).
cnf(stmt_21_61, axiom, (~c_Object_alloc(X0) | c_Object_alloc_32(X0))).
cnf(stmt_22_62, axiom, (X0 != r_14 | c_Pair_key_11(X0) = int_0)).
cnf(stmt_22_63, axiom, (X0 = r_14 | c_Pair_key_11(X0) = c_Pair_key(X0))).
cnf(stmt_23_64, axiom, (X0 != r_14 | c_Pair_data_11(X0) = null)).
cnf(stmt_23_65, axiom, (X0 = r_14 | c_Pair_data_11(X0) = c_Pair_data(X0))).
cnf(heap_24_66, axiom, (c_Object_alloc_32(null))).
cnf(typing_25_67, axiom, (~c_Object_alloc_32(X0) | c_Object_alloc_32(c_Pair_data_11(X0)))).
cnf(typing_26_68, axiom, (~c_Object_alloc_32(X0) | c_Object_alloc_32(c_FuncTree_data(X0)))).
cnf(typing_27_69, axiom, (~c_Object_alloc_32(X0) | c_Object_alloc_32(c_FuncTree_left(X0)))).
cnf(typing_28_70, axiom, (~c_Object_alloc_32(X0) | c_Object_alloc_32(c_FuncTree_right(X0)))).
cnf(assume_29_71, axiom, (c_FuncTree_min1_t != null)).
cnf(branch_39_72, axiom, (c_FuncTree_left(c_FuncTree_min1_t) != null)).
cnf(assume_40_73, axiom, (c_FuncTree_min1_t != null)).
cnf(call_41_74, axiom, (c_FuncTree_content(c_FuncTree_left(c_FuncTree_min1_t),sk3,sk2))).
cnf(call_42_75, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_42_76, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_42_77, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(call_42_78, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_42_79, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_43_80, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(call_44_81, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(call_45_82, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(call_46_83, axiom, (~c_Object_alloc_32(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_47_84, axiom, (~c_Object_alloc_32(X0) | c_Object_alloc_33(X0))).
cnf(call_48_85, axiom, (~c_Object_alloc_32(X0) | c_Pair_key_13(X0) = c_Pair_key_11(X0))).
cnf(call_49_86, axiom, (~c_Object_alloc_32(X0) | c_Pair_data_13(X0) = c_Pair_data_11(X0))).
cnf(call_50_87, axiom, (c_FuncTree_content(c_FuncTree_left(c_FuncTree_min1_t),c_Pair_key_13(result_42),c_Pair_data_13(result_42)))).
cnf(call_51_88, axiom, (~c_FuncTree_content(c_FuncTree_left(c_FuncTree_min1_t),X0,X1) | int_lesseq(c_Pair_key_13(result_42),X0))).
cnf(inv_52_89, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_52_90, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_52_91, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_52_92, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_52_93, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_53_94, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_54_95, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_55_96, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_56_97, axiom, (~c_Object_alloc_33(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_57_98, axiom, (c_Object_alloc_33(result_42))).
cnf(typing_58_99, axiom, (c_Pair(result_42))).
cnf(heap_59_100, axiom, (c_Object_alloc_33(null))).
cnf(typing_60_101, axiom, (~c_Object_alloc_33(X0) | c_Object_alloc_33(c_Pair_data_13(X0)))).
cnf(typing_61_102, axiom, (~c_Object_alloc_33(X0) | c_Object_alloc_33(c_FuncTree_data(X0)))).
cnf(typing_62_103, axiom, (~c_Object_alloc_33(X0) | c_Object_alloc_33(c_FuncTree_left(X0)))).
cnf(typing_63_104, axiom, (~c_Object_alloc_33(X0) | c_Object_alloc_33(c_FuncTree_right(X0)))).
cnf(int_literal_order_105, axiom, (int_less(int_0,int_1))).
cnf('FuncTree.min1:23_106', negated_conjecture, (c_FuncTree_content(c_FuncTree_min1_t,sk4,sk5))).
cnf('FuncTree.min1:23_107', negated_conjecture, (~int_lesseq(c_Pair_key_13(result_42),sk4))).
